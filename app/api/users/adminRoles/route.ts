import { adminRolesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { ADMIN_ROLES } from "@/lib/auth/roles";

export const GET = route(adminRolesContract, async () => [...ADMIN_ROLES]);
