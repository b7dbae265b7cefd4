import { deleteUserContract, getUserContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getUserForCaller } from "@/lib/users/queries";
import { deleteUser } from "@/lib/users/services/delete-user";

export const GET = route(getUserContract, ({ db, caller, params }) => getUserForCaller(db, caller, { userId: params.id }));

export const DELETE = route(deleteUserContract, async ({ db, caller, params }) => {
  await deleteUser(db, { caller, userId: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
