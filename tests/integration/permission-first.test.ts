import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/users/register/route";
import { GET as auditSearch } from "@/app/api/v3/audittrail/route";
import { GET as auditUsers } from "@/app/api/v3/audittrail/users/route";
import { DELETE as deleteResources, POST as uploadResource } from "@/app/api/v3/resources/route";
import { tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Issue 23 (operator walk): a caller who may do none of what a call does gets 403 before its input is read, not a field
 * error that tells the shape of the input (as PUT systems already answered). A JobManager has none of these rights.
 */
describe("permission before input", () => {
  it("answers 403 AccessDenied to a JobManager for resources, user registration and the audit trail, whatever the input", async () => {
    const system = await makeSystem();
    const manager = await makeUser({ systemId: system.id, roles: ["JobManager"] });
    const admin = await makeUser({ systemId: system.id, roles: ["Administrator"] });
    const token = await tokenOf(system.name, manager.name);
    const form = new FormData();
    form.append("meta", JSON.stringify({ systemId: system.id, type: "Csv", level: "System", name: "x.csv" }));
    form.append("resourceFile", new File([new TextEncoder().encode("a;b\n")], "x.csv", { type: "text/csv" }));
    const calls = [
      await call(uploadResource, "/api/v3/resources", { method: "POST", token, form }),
      await call(deleteResources, "/api/v3/resources", { method: "DELETE", token, body: {} }),
      await call(register, "/api/users/register", { method: "POST", token, body: {} }),
      await call(auditSearch, "/api/v3/audittrail?categories=Bogus", { token }),
      await call(auditUsers, "/api/v3/audittrail/users", { token }),
    ];
    expect(calls.map((c) => [c.status, c.json?.errors?.[0]?.code])).toEqual(Array(calls.length).fill([403, "AccessDenied"]));
    // who may: the field errors as before
    const adminToken = await tokenOf(system.name, admin.name);
    const noPool = await call(uploadResource, "/api/v3/resources", { method: "POST", token: adminToken, form });
    expect([noPool.status, noPool.json?.errors?.[0]?.code]).toEqual([400, "resources_error_noPool"]);
    const bogus = await call(auditSearch, "/api/v3/audittrail?categories=Bogus", { token: adminToken });
    expect([bogus.status, bogus.json?.errors?.[0]?.code]).toEqual([400, "InvalidChoice"]);
  });
});
