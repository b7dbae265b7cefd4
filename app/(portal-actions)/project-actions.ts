"use server";

import type { ProjectProperty } from "@/db/schema";
import { requireCaller } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { deleteProject } from "@/lib/projects/services/delete-project";
import { regenerateSubmissionKey } from "@/lib/projects/services/regenerate-submission-key";
import { renameProject } from "@/lib/projects/services/rename-project";
import { saveProjectProperties } from "@/lib/projects/services/save-project-properties";
import { getDb } from "@/lib/setup/bootstrap";

export async function renameProjectAction(id: string, name: string): Promise<ActionResult> {
  return runAction(async () => {
    await renameProject(await getDb(), { caller: await requireCaller(), id, input: { name } });
  });
}

export async function savePropertiesAction(id: string, version: number, properties: ProjectProperty[]): Promise<ActionResult> {
  return runAction(async () => {
    await saveProjectProperties(await getDb(), { caller: await requireCaller(), id, input: { version, properties } });
  });
}

export async function deleteProjectAction(id: string, version: number): Promise<ActionResult> {
  return runAction(async () => deleteProject(await getDb(), { caller: await requireCaller(), id, input: { version } }));
}

export async function regenerateKeyAction(id: string): Promise<ActionResult<{ key: string }>> {
  return runAction(async () => ({ key: await regenerateSubmissionKey(await getDb(), { caller: await requireCaller(), id }) }));
}
