import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbHandle } from "@/db/client";
import { schedulers, settings, systems, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { SUPERSYSTEM } from "@/lib/auth/permissions";
import { databaseReady, setStartStep } from "@/lib/db";
import { log } from "@/lib/log";
import { ensureInternalTasks, ensureScheduler } from "@/lib/scheduler/internal-tasks";
import { DEFAULT_FEATURE_FLAGS } from "@/lib/settings/schemas";
import { SETTING_KEYS } from "@/lib/settings/store";

export const INITIAL_ADMIN = "admin";

/** A password that satisfies the rules of spec foundation §5. */
function generatePassword(): string {
  return `${randomBytes(12).toString("base64url")}-Aa1`;
}

/** The user admin with role SuperAdmin; its password is ADMIN_PASSWORD or generated and logged once. */
async function createInitialAdmin(db: Database, systemId: string): Promise<void> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  const password = fromEnv || generatePassword();
  const inserted = await db
    .insert(users)
    .values({
      systemId,
      name: INITIAL_ADMIN,
      fullName: "Administrator",
      roles: ["SuperAdmin"],
      type: "Super",
      requiresPasswordChange: true,
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length && !fromEnv) {
    // printed once: the only place the generated password ever appears
    log.warn({ user: INITIAL_ADMIN, password }, "initial administrator created; change the password at first login");
  }
}

/** DESIGN.md "First start": station id, Supersystem, admin user, schedulers, default configuration. */
export async function seed(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values([
      { key: SETTING_KEYS.stationId, value: randomUUID() },
      { key: SETTING_KEYS.serviceConfig, value: {} },
      { key: SETTING_KEYS.featureFlags, value: DEFAULT_FEATURE_FLAGS },
    ])
    .onConflictDoNothing();

  await db.insert(systems).values({ name: SUPERSYSTEM, type: "Super", description: "Administration" }).onConflictDoNothing();
  const [superSystem] = await db
    .select({ id: systems.id })
    .from(systems)
    .where(eq(sql`lower(${systems.name})`, SUPERSYSTEM.toLowerCase()));
  if (!superSystem) throw new Error("Supersystem missing after seed");

  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.systemId, superSystem.id), eq(users.name, INITIAL_ADMIN)));
  if (!existing) await createInitialAdmin(db, superSystem.id);

  const withoutScheduler = await db
    .select({ id: systems.id, type: systems.type })
    .from(systems)
    .leftJoin(schedulers, eq(schedulers.systemId, systems.id))
    .where(isNull(schedulers.id));
  for (const s of withoutScheduler) await ensureScheduler(db, s.id, s.type === "Super");
  // an older installation gets the internal tasks of this version
  await ensureInternalTasks(db, superSystem.id);
}

/** Registers the seed as the database's start-up step (after the migrations), once per process. */
export function prepareStart(): void {
  setStartStep(seed);
}

/** The entry points' start (instrumentation.ts, workers/index.ts, scripts, the tests): migrations and seed, once. */
export function ensureReady(handle?: DbHandle): Promise<DbHandle> {
  prepareStart();
  return databaseReady(handle);
}

/** A script's database (bench/, tests/reliability): started as an entry point starts it. */
export async function startedDb(): Promise<Database> {
  return (await ensureReady()).db;
}
