import { logoutContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { logout } from "@/lib/auth/services/logout";

export const POST = route(logoutContract, async ({ db, caller }) => {
  await logout(db, caller);
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
