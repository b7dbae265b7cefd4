import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { systemForCaller, type TenantSystem } from "@/lib/auth/tenancy";
import { openSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { managesProjectsOf } from "./access";
import { areaOf, LEARN_PROJECT_TYPES, type ProjectArea } from "./rules";
import type { ProjectDto } from "./schemas";

export function toProjectDto(p: Project, systemName: string): ProjectDto {
  return {
    id: p.id,
    name: p.name,
    systemId: p.systemId,
    systemName,
    version: p.version,
    type: p.type,
    properties: p.properties,
    versionProperties: p.versionProperties,
    updating: p.updating,
    documentClasses: p.documentClasses.map((c) => c.name),
  };
}

export async function loadProject(db: Database, id: string) {
  const [row] = await db
    .select({ project: projects, systemName: systems.name })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(eq(projects.id, id));
  return row;
}

/** The condition of one list's projects: the learn projects are those of a learn type, the projects all others. */
export function inArea(area: ProjectArea) {
  return area === "learn"
    ? inArray(projects.type, [...LEARN_PROJECT_TYPES])
    : notInArray(projects.type, [...LEARN_PROJECT_TYPES]);
}

/** GET v3/systems/{id}/projects: a system's (extraction) projects by name; learn projects have their own list. */
export async function listProjects(db: Database, params: { systemId: string }): Promise<ProjectDto[]> {
  const rows = await db
    .select({ project: projects, systemName: systems.name })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(and(eq(projects.systemId, params.systemId), inArea("extraction")))
    .orderBy(asc(projects.name));
  return rows.map((r) => toProjectDto(r.project, r.systemName));
}

/**
 * GET systems/{id}/projectNames (the job monitor's project filter): the names of every project jobs can be posted
 * to, learn projects too (deleted ones included: their jobs are still there), by name.
 */
export async function projectNames(db: Database, params: { systemId: string }): Promise<string[]> {
  const rows = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.systemId, params.systemId))
    .orderBy(asc(projects.name));
  return rows.map((r) => r.name);
}

/** The path below DATA_DIR/files of a project version's file. */
export function projectFilePath(systemId: string, projectId: string, version: number): string {
  return `systems/${systemId}/projects/${projectId}/v${version}.esproject`;
}

/**
 * The project, if the caller manages projects of its system; 404 when unknown or foreign, 403 in its own system.
 * `area` is the list the call belongs to: a project of the other list is not found there (a learn project is no
 * project of v3/projects/{id}, and the other way round); "any" for the calls both share (metadata, submission key).
 */
export async function projectForCaller(db: Database, caller: Caller, id: string, area: ProjectArea | "any" = "extraction") {
  const row = await loadProject(db, id);
  if (!row || (area !== "any" && areaOf(row.project.type) !== area)) throw new AppError("ProjectNotFound");
  const system = { id: row.project.systemId, name: row.systemName };
  if (!managesProjectsOf(caller, system)) throw refusal(caller, system, new AppError("ProjectNotFound"));
  return row;
}

/** A system whose projects the caller manages (a new project goes there, or its list is read); 404 when unknown or foreign, 403 in its own system. */
export async function systemForProjects(db: Database, caller: Caller, systemId: string): Promise<TenantSystem> {
  return systemForCaller(db, caller, { id: systemId }, { may: (s) => managesProjectsOf(caller, s) });
}

/**
 * Project names are unique within a system, whatever their case, across both lists and deleted learn projects
 * included (a job names its project by name; inside the change's transaction).
 */
export async function assertNameFree(tx: Database, systemId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(projects.systemId, systemId), eq(sql`lower(${projects.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(projects.id, exceptId));
  const [same] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(...conditions));
  if (same) throw new AppError("ProjectNameExists", { name });
}

/** The submission key of a project (either list), shown on its edit page (DESIGN.md "Job creation"). */
export async function submissionKeyOf(db: Database, opts: { caller: Caller; id: string }): Promise<string> {
  const { project } = await projectForCaller(db, opts.caller, opts.id, "any");
  return openSecret(project.submissionKeySealed);
}
