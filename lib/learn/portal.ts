import { notFound } from "next/navigation";
import { z } from "zod";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/setup/bootstrap";
import { learnProjectForCaller, toLearnProjectDto } from "./queries";

/**
 * The learn portal's guard (spec operations §2: /learn/{systemName}/project/{id}): signed in, the system's own user or
 * its deputy, ManageProjects; then the learn project of that system (a deleted one too: it is shown, not changed).
 * Anything else is not found.
 */
export async function requireLearnPortal(params: { systemName: string; id: string }) {
  const { caller, system } = await requireSystemPage(params.systemName, "ManageProjects");
  if (!z.uuid().safeParse(params.id).success) notFound();
  const found = await learnProjectForCaller(await getDb(), caller, params.id).catch(() => undefined);
  if (!found || found.project.systemId !== system.id) notFound();
  return { caller, system, project: toLearnProjectDto(found.project, found.systemName) };
}
