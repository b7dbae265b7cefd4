import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DELETE as deletePoolRoute } from "@/app/api/v3/resources/[systemId]/[type]/[subtype]/route";
import { POST as uploadRoute } from "@/app/api/v3/resources/route";
import { systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { stopWorkers } from "@/workers/runtime";
import { supersystem, tokenOf } from "../helpers/api";
import { makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { processedDocument } from "../helpers/processed";

afterAll(async () => {
  await stopWorkers();
});

const CLASSES = [
  {
    name: "Order",
    keywords: ["order"],
    patterns: [],
    fields: [
      { name: "supplier", pattern: "supplier:\\s*(\\w+)", type: "string" as const, lookup: "suppliers.csv" },
      { name: "carrier", pattern: "carrier:\\s*(\\w+)", type: "string" as const, lookup: "carriers.csv" },
      { name: "reference", pattern: "reference:\\s*(\\w+)", type: "string" as const },
    ],
  },
];

function resourceForm(meta: unknown, name: string, text: string) {
  const form = new FormData();
  form.append("meta", JSON.stringify(meta));
  form.append("resourceFile", new File([text], name, { type: "text/csv" }));
  return form;
}

/** A text job posted and processed; the document of its result.json. */
const processed = (t: { token: string; projectId: string }, text: string) =>
  processedDocument({ ...t, file: new File([text], "order.txt", { type: "text/plain" }), worker: "lookup-worker" });

describe("processing finds lookup resources by level (DESIGN.md Resources)", () => {
  it("a listed value is kept, an unlisted one emptied and flagged; Global only with canReadGlobalResources", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const user = await makeUser({ systemId: system.id, roles: ["JobCreator", "ResourceManager"] });
    const token = await tokenOf(system.name, user.name);
    const { project } = await makeProject({ systemId: system.id, documentClasses: CLASSES });
    const t = { token, projectId: project.id };

    const systemCsv = await call(uploadRoute, "/api/v3/resources", {
      method: "POST",
      token,
      form: resourceForm(
        { systemId: system.id, type: "Csv", subtype: "Lookups", level: "System" },
        "suppliers.csv",
        'Number\nACME;Main street\n"Beta";x\n',
      ),
    });
    expect(systemCsv.status, systemCsv.text).toBe(200);
    const superSystem = await supersystem();
    const admin = await makeUser({ systemId: superSystem.id, roles: ["ResourceAdmin"] });
    const adminToken = await tokenOf(superSystem.name, admin.name);
    const globalCsv = await call(uploadRoute, "/api/v3/resources", {
      method: "POST",
      token: adminToken,
      form: resourceForm(
        { systemId: superSystem.id, type: "Csv", subtype: "Shared", level: "Global" },
        "carriers.csv",
        "DHL\nUPS\n",
      ),
    });
    expect(globalCsv.status, globalCsv.text).toBe(200);

    const listed = await processed(t, "ORDER\nSupplier: acme\nCarrier: DHL\nReference: R1\n");
    // carriers.csv is Global: the system may not read global resources yet
    expect(listed.fields).toEqual({ supplier: "acme", carrier: null, reference: "R1" });
    expect(listed.lookupMisses).toEqual(["carrier"]);

    const unlisted = await processed(t, "ORDER\nSupplier: Zeta\nReference: R2\n");
    expect(unlisted.fields).toEqual({ supplier: null, carrier: null, reference: "R2" });
    // a field whose pattern found nothing is no miss
    expect(unlisted.lookupMisses).toEqual(["supplier"]);

    await db.update(systems).set({ canReadGlobalResources: true }).where(eq(systems.id, system.id));
    const global = await processed(t, "ORDER\nSupplier: BETA\nCarrier: ups\n");
    expect(global.fields).toEqual({ supplier: "BETA", carrier: "ups", reference: null });
    expect(global.lookupMisses).toBeUndefined();

    // a project-level resource of the same name wins over the system's
    const projectCsv = await call(uploadRoute, "/api/v3/resources", {
      method: "POST",
      token,
      form: resourceForm(
        { systemId: system.id, type: "Csv", subtype: "Lookups", level: "Project", projectId: project.id },
        "suppliers.csv",
        "Zeta\n",
      ),
    });
    expect(projectCsv.status, projectCsv.text).toBe(200);
    const projectLevel = await processed(t, "ORDER\nSupplier: Zeta\nCarrier: UPS\n");
    expect(projectLevel.fields).toMatchObject({ supplier: "Zeta", carrier: "UPS" });

    const cleaned = await call(deletePoolRoute, `/api/v3/resources/${superSystem.id}/Global/${globalCsv.json.subtypeId}`, {
      method: "DELETE",
      token: adminToken,
    });
    expect(cleaned.status).toBe(200);
  });
});
