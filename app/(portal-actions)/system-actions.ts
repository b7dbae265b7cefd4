"use server";

import { requireCaller } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { getDb } from "@/lib/setup/bootstrap";
import { createSystem } from "@/lib/systems/services/create-system";
import { deleteSystem } from "@/lib/systems/services/delete-system";
import { testCsbConnection } from "@/lib/systems/services/test-csb";
import { updateSystem } from "@/lib/systems/services/update-system";

export async function saveSystemAction(input: Record<string, unknown>): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const db = await getDb();
    const saved =
      input.id && input.existing
        ? await updateSystem(db, { caller: await requireCaller(), input })
        : await createSystem(db, { caller: await requireCaller(), input });
    return { id: saved.id };
  });
}

export async function deleteSystemAction(systemId: string): Promise<ActionResult> {
  return runAction(async () => deleteSystem(await getDb(), { caller: await requireCaller(), systemId }));
}

export async function testCsbAction(
  input: Record<string, unknown>,
): Promise<ActionResult<{ success: boolean; message: string }>> {
  return runAction(async () => testCsbConnection(await getDb(), { caller: await requireCaller(), input }));
}
