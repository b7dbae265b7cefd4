"use server";

import type { Caller } from "@/lib/auth/caller";
import { currentCaller } from "@/lib/auth/web-session";
import { requestOrigin } from "@/lib/config/request-origin";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { AppError } from "@/lib/errors/app-error";
import { getDb } from "@/lib/setup/bootstrap";
import { findSystemByName } from "@/lib/systems/queries";
import { deleteUser } from "@/lib/users/services/delete-user";
import { registerUser } from "@/lib/users/services/register-user";
import { sendResetLink } from "@/lib/users/services/send-reset-link";
import { updateUser } from "@/lib/users/services/update-user";

/** The caller, acting in the portal of `systemName` (a deputy when it is another system). */
async function actingCaller(systemName: string): Promise<Caller> {
  const caller = await currentCaller();
  if (!caller) throw new AppError("InvalidToken");
  const system = await findSystemByName(await getDb(), { name: systemName });
  if (!system) throw new AppError("SystemNotFound");
  return caller.systemId === system.id ? caller : { ...caller, deputyFor: system.name };
}

export async function createUserAction(
  systemName: string,
  input: Record<string, unknown>,
): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const caller = await actingCaller(systemName);
    const user = await registerUser(await getDb(), { caller, input: { ...input, systemName } });
    return { id: user.id };
  });
}

export async function updateUserAction(systemName: string, input: Record<string, unknown>): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await actingCaller(systemName);
    await updateUser(await getDb(), { caller, input });
  });
}

export async function deleteUserAction(systemName: string, userId: string): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await actingCaller(systemName);
    await deleteUser(await getDb(), { caller, userId });
  });
}

export async function sendResetLinkAction(systemName: string, userId: string): Promise<ActionResult> {
  return runAction(async () => {
    const caller = await actingCaller(systemName);
    await sendResetLink(await getDb(), { caller, userId, origin: await requestOrigin() });
  });
}
