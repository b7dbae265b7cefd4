import { randomBytes } from "node:crypto";
import { licences, type NewSystem, type NewUser, projects, systems, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken } from "@/lib/crypto/tokens";
import { ensureScheduler } from "@/lib/scheduler/internal-tasks";
import { getDb } from "@/lib/setup/bootstrap";

export const PASSWORD = "Test-Passw0rd";

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** A system made directly in the database (the systems service arrives with its issue). */
export async function makeSystem(overrides: Partial<NewSystem> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(systems)
    .values({ name: uniqueName("Sys"), type: "Local", ...overrides })
    .returning();
  if (!row) throw new Error("no system");
  await ensureScheduler(db, row.id, row.type === "Super");
  return row;
}

export async function makeUser(overrides: Partial<NewUser> & { systemId: string; password?: string }) {
  const db = await getDb();
  const { password = PASSWORD, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({ name: uniqueName("user"), roles: [], passwordHash: await hashPassword(password), ...rest })
    .returning();
  if (!row) throw new Error("no user");
  return row;
}

/** A licence row made directly in the database (its file checks are tested in tests/integration/licences.test.ts). */
export async function makeLicence(overrides: Partial<typeof licences.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(licences)
    .values({
      id: uniqueName("LIC"),
      name: "Test licence",
      customer: "Test customer",
      expiration: "2099-12-31",
      station: "*",
      features: [{ id: "Pages", status: "Limited", limit: 1000, expiration: null }],
      source: "file",
      ...overrides,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A project made directly in the database with the sample document classes (tests/fixtures/project.ts). */
export async function makeProject(overrides: Partial<typeof projects.$inferInsert> & { systemId: string }) {
  const db = await getDb();
  const key = `key-${randomBytes(8).toString("hex")}`;
  const [row] = await db
    .insert(projects)
    .values({
      name: uniqueName("Project"),
      documentClasses: [
        {
          name: "Invoice",
          keywords: ["invoice", "amount due", "Rechnung"],
          patterns: ["invoice\\s+(no|number)"],
          fields: [
            { name: "invoiceNumber", pattern: "invoice\\s+(?:no|number)[.:]?\\s*([A-Z0-9-]+)", type: "string" },
            { name: "total", pattern: "total[:\\s]+(?:EUR|€|\\$)?\\s*([0-9.,]+)", type: "amount" },
          ],
        },
        {
          name: "Letter",
          keywords: ["dear", "sincerely"],
          patterns: ["yours\\s+sincerely"],
          fields: [{ name: "subject", pattern: "subject[:\\s]+(.+)", type: "string" }],
        },
      ],
      submissionKeyHash: hashToken(key),
      submissionKeySealed: sealSecret(key),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no project");
  return { project: row, submissionKey: key };
}
