import { notFound } from "next/navigation";
import { z } from "zod";
import { opensSystemPortal, type PortalOfShell, requireSystemPage, systemPortalShell } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { currentCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { learnProjectForCaller, toLearnProjectDto } from "./queries";

/**
 * The learn portal's frame: signed in, the system's own user or its deputy, ManageProjects (else the system portal's
 * answers: sign-in, not found, access denied); then the learn project of that system (a deleted one too: it is shown,
 * not changed), or null when there is none: the frame is drawn all the same and its page says not found inside it.
 */
export async function learnPortalFrame(params: { systemName: string; id: string }) {
  const { caller, system } = await requireSystemPage(params.systemName, "ManageProjects");
  if (!z.uuid().safeParse(params.id).success) return { caller, system, project: null };
  const found = await learnProjectForCaller(await getDb(), caller, params.id).catch(() => undefined);
  if (!found || found.project.systemId !== system.id) return { caller, system, project: null };
  return { caller, system, project: toLearnProjectDto(found.project, found.systemName) };
}

export type LearnPortalLayout = { frame: Awaited<ReturnType<typeof learnPortalFrame>> } | { shell: PortalOfShell };

/**
 * What the learn portal's layout draws: its frame, or, for a signed-in caller who may not open it (another tenant's
 * system, one that does not exist, or no ManageProjects), the portal of the system portal's answer (systemPortalShell):
 * the caller's own portal, in which the page says not found, or that system's, in which it says access denied
 * (requireLearnPortal); never a silent move to the caller's dashboard.
 */
export async function learnPortalLayout(params: { systemName: string; id: string }): Promise<LearnPortalLayout> {
  const caller = await currentCaller();
  if (
    caller &&
    !caller.requiresPasswordChange &&
    !(hasPermission(caller.roles, "ManageProjects") && (await opensSystemPortal(caller, decodeURIComponent(params.systemName))))
  ) {
    return { shell: await systemPortalShell(params.systemName) };
  }
  return { frame: await learnPortalFrame(params) };
}

/**
 * The learn portal's guard of its pages (spec operations §2: /learn/{systemName}/project/{id}): learnPortalFrame, and
 * anything but a learn project of that system is not found (shown inside the portal's frame).
 */
export async function requireLearnPortal(params: { systemName: string; id: string }) {
  const { caller, system, project } = await learnPortalFrame(params);
  if (!project) notFound();
  return { caller, system, project };
}
