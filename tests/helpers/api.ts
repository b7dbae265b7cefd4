import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { systems } from "@/db/schema";
import { SUPERSYSTEM } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { PASSWORD } from "./factories";
import { call } from "./http";

export type ErrorItem = { code: string; message: string; messageParameter: Record<string, string | number> | null };

/** The codes of an error envelope, in order. */
export function codes(json: { errors: ErrorItem[] }): string[] {
  return json.errors.map((e) => e.code);
}

/** POST /api/auth/login through its handler. */
export function login(systemName: string, userName: string, password = PASSWORD) {
  return call(loginPost, "/api/auth/login", { method: "POST", body: { systemName, userName, password } });
}

/** A bearer token of a user (the sign-in must succeed). */
export async function tokenOf(systemName: string, userName: string, password = PASSWORD): Promise<string> {
  const res = await login(systemName, userName, password);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.token as string;
}

/** The seeded Supersystem row. */
export async function supersystem() {
  const db = await getDb();
  const [row] = await db.select().from(systems).where(eq(systems.name, SUPERSYSTEM));
  if (!row) throw new Error("Supersystem missing");
  return row;
}
