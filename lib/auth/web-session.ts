import { cookies } from "next/headers";
import { decode, encode } from "next-auth/jwt";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { Caller } from "./caller";
import type { TokenHolder } from "./schemas";
import { SESSION_COOKIE, type SessionClaims, sessionSecret } from "./session-cookie";
import { callerFromWebSession, revokeSession, WEB_SESSION_LIFETIME_MS } from "./sessions";

/** Issues the browser session cookie (a next-auth JWT) for a web session made by login(). */
export async function setSessionCookie(holder: TokenHolder, sessionId: string): Promise<void> {
  const claims: SessionClaims = {
    sid: sessionId,
    uid: holder.userId,
    name: holder.userName,
    system: holder.systemName,
    roles: holder.roles,
    pwc: holder.requiresPasswordChange,
  };
  const maxAge = WEB_SESSION_LIFETIME_MS / 1000;
  const value = await encode({ token: { ...claims, sub: holder.userId }, secret: sessionSecret(), maxAge });
  (await cookies()).set(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge,
    secure: process.env.SESSION_COOKIE_SECURE === "true",
  });
}

async function sessionClaims(): Promise<Partial<SessionClaims> | null> {
  const raw = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!raw) return null;
  try {
    return (await decode({ token: raw, secret: sessionSecret() })) as Partial<SessionClaims> | null;
  } catch {
    return null;
  }
}

/**
 * The signed-in caller of this request, checked against the database on every request so that a
 * revoked session (logout, password change, deactivation) ends at once. Null when signed out.
 */
export const currentCaller = cache(async (): Promise<Caller | null> => {
  const claims = await sessionClaims();
  if (!claims?.sid) return null;
  return callerFromWebSession(await getDb(), claims.sid);
});

export async function endWebSession(): Promise<void> {
  const claims = await sessionClaims();
  if (claims?.sid) await revokeSession(await getDb(), claims.sid);
  (await cookies()).delete(SESSION_COOKIE);
}

/** The signed-in caller of a server action; InvalidToken when the session ended. */
export async function requireCaller(): Promise<Caller> {
  const caller = await currentCaller();
  if (!caller) throw new AppError("InvalidToken");
  return caller;
}
