import { changeRequiredContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { changeRequiredPassword } from "@/lib/users/services/change-required-password";

export const POST = route(changeRequiredContract, async ({ db, caller, params, body }) => {
  await changeRequiredPassword(db, { caller, userId: params.id, input: body });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
