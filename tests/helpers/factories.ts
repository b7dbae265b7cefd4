import { randomBytes } from "node:crypto";
import { licences, type NewSystem, type NewUser, systems, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
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
