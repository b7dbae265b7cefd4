import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import type { Role } from "@/lib/auth/roles";
import { findSystem, systemForCaller } from "@/lib/auth/tenancy";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { supersystem } from "../helpers/api";
import { makeSystem } from "../helpers/factories";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function callerIn(system: { id: string; name: string }, roles: Role[]): Caller {
  return {
    sessionId: UNKNOWN_ID,
    userId: UNKNOWN_ID,
    userName: "someone",
    fullName: "",
    systemId: system.id,
    systemName: system.name,
    roles,
    language: "en-US",
    requiresPasswordChange: false,
  };
}

/** The code of the AppError a promise rejects with. */
async function refusedWith(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).entries.map((e) => e.code).join(",");
}

describe("findSystem", () => {
  it("finds a system by id and by name in any case; an unknown id or name, or an id that is no UUID, finds none", async () => {
    const db = await getDb();
    const system = await makeSystem({ canReadGlobalResources: true });
    const expected = { id: system.id, name: system.name, type: "Local", isActive: true, canReadGlobalResources: true };
    expect(await findSystem(db, { id: system.id })).toEqual(expected);
    expect(await findSystem(db, { id: system.id.toUpperCase() })).toEqual(expected);
    expect(await findSystem(db, { name: system.name.toUpperCase() })).toEqual(expected);
    expect(await findSystem(db, { id: UNKNOWN_ID })).toBeUndefined();
    expect(await findSystem(db, { name: `${system.name}x` })).toBeUndefined();
    expect(await findSystem(db, { id: "not-a-uuid" })).toBeUndefined();
  });
});

describe("systemForCaller", () => {
  it("gives the caller its own system, and a deputy the tenant it administers", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const own = await systemForCaller(db, callerIn(system, ["MonitorUser"]), { id: system.id });
    expect(own.id).toBe(system.id);
    const deputy = callerIn(await supersystem(), ["SystemsAdmin"]);
    expect((await systemForCaller(db, deputy, { name: system.name })).id).toBe(system.id);
  });

  it("answers 404 for an unknown or foreign system, as if it did not exist, and 403 in the caller's own when `may` refuses", async () => {
    const db = await getDb();
    const [system, other] = [await makeSystem(), await makeSystem()];
    const admin = callerIn(system, ["Administrator"]);
    expect(await refusedWith(systemForCaller(db, admin, { id: UNKNOWN_ID }))).toBe("SystemNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { id: "not-a-uuid" }))).toBe("SystemNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { id: other.id }))).toBe("SystemNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { name: other.name }, { may: () => false }))).toBe("SystemNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { id: system.id }, { may: () => false }))).toBe("AccessDenied");
    // a Supersystem user without ManageSystems is no deputy: a tenant is foreign to it
    const reporter = callerIn(await supersystem(), ["ReportAdmin"]);
    expect(await refusedWith(systemForCaller(db, reporter, { id: system.id }))).toBe("SystemNotFound");
  });

  it("answers the area's own not-found code when it names one", async () => {
    const db = await getDb();
    const [system, other] = [await makeSystem(), await makeSystem()];
    const admin = callerIn(system, ["Administrator"]);
    const opts = { may: () => false, notFound: "SchedulerNotFound" } as const;
    expect(await refusedWith(systemForCaller(db, admin, { id: UNKNOWN_ID }, opts))).toBe("SchedulerNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { id: other.id }, opts))).toBe("SchedulerNotFound");
    expect(await refusedWith(systemForCaller(db, admin, { id: system.id }, opts))).toBe("AccessDenied");
  });
});
