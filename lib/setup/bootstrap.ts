import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, type DbHandle, dbHandle } from "@/db/client";
import { schedulers, settings, systems, users } from "@/db/schema";
import { DEFAULT_FEATURE_FLAGS } from "@/lib/about/schemas";
import { hashPassword } from "@/lib/auth/passwords";
import { SUPERSYSTEM } from "@/lib/auth/permissions";
import { SETTING_KEYS } from "@/lib/config/service-config";
import { log } from "@/lib/log";
import { ensureInternalTasks, ensureScheduler } from "@/lib/scheduler/internal-tasks";

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

type ReadyHolder = { ready?: Promise<DbHandle> };
const holder = globalThis as typeof globalThis & { __docserviceReady?: ReadyHolder };

/** Migrates and seeds once per process; every request path awaits it before its first query. */
export function ensureReady(handle: DbHandle = dbHandle()): Promise<DbHandle> {
  holder.__docserviceReady ??= {};
  const h = holder.__docserviceReady;
  h.ready ??= (async () => {
    await handle.migrate();
    await seed(handle.db);
    return handle;
  })().catch((error: unknown) => {
    h.ready = undefined;
    throw error;
  });
  return h.ready;
}

/** The ready database of this process. */
export async function getDb(): Promise<Database> {
  return (await ensureReady()).db;
}

/** Forget the memoised start-up (tests swap databases). */
export function resetReady(): void {
  if (holder.__docserviceReady) holder.__docserviceReady.ready = undefined;
}
