import { systemRolesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { SYSTEM_ROLES } from "@/lib/auth/roles";

export const GET = route(systemRolesContract, async () => [...SYSTEM_ROLES]);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
