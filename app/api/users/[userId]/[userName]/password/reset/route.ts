import { requestResetByNameContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { requestPasswordReset } from "@/lib/users/services/request-password-reset";

// users/{systemName}/{userName}/password/reset: the folder [userId] holds the system name here, because Next allows
// one name per dynamic level and users/{id} needs that one (STACK.md); the handler takes both from the contract
export const GET = route(requestResetByNameContract, async ({ db, params, query, req }) => {
  await requestPasswordReset(db, {
    by: { systemName: params.systemName, userName: params.userName, email: query.email },
    origin: req.nextUrl.origin,
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
