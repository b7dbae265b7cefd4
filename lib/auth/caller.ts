import type { Language } from "@/db/schema";
import type { Role } from "./roles";

/** The caller as recorded for a change in a system: a deputy when that is not its own system. */
export function actingIn(caller: Caller, system: { id: string; name: string }): Caller {
  return caller.systemId === system.id ? caller : { ...caller, deputyFor: system.name };
}

/** The signed-in user a request acts for, from a bearer token or a browser session. */
export type Caller = {
  sessionId: string;
  userId: string;
  userName: string;
  fullName: string;
  systemId: string;
  systemName: string;
  roles: Role[];
  language: Language;
  requiresPasswordChange: boolean;
  /** the system this caller administers as deputy, when it acts in another system's portal */
  deputyFor?: string;
  /** set when the caller came with an API key (issue 26 §3): `sessionId` is then the key's id */
  apiKeyId?: string;
};
