import { requestResetByNameContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { requestPasswordReset } from "@/lib/users/services/request-password-reset";

// [a] is the system name, [b] the user name (STACK.md: one dynamic name per level)
export const GET = route(requestResetByNameContract, async ({ db, params, query, req }) => {
  await requestPasswordReset(db, {
    by: { systemName: params.systemName, userName: params.userName, email: query.email },
    origin: req.nextUrl.origin,
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
