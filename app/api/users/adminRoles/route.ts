import { adminRolesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { ADMIN_ROLES } from "@/lib/auth/roles";

export const GET = route(adminRolesContract, async () => [...ADMIN_ROLES]);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
