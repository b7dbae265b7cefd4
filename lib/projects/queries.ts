import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects, systems } from "@/db/schema";
import { refusal } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { openSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { managesProjectsOf } from "./access";
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

/** GET v3/systems/{id}/projects: a system's projects by name. */
export async function listProjects(db: Database, params: { systemId: string }): Promise<ProjectDto[]> {
  const rows = await db
    .select({ project: projects, systemName: systems.name })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(eq(projects.systemId, params.systemId))
    .orderBy(asc(projects.name));
  return rows.map((r) => toProjectDto(r.project, r.systemName));
}

/** The path below DATA_DIR/files of a project version's file. */
export function projectFilePath(systemId: string, projectId: string, version: number): string {
  return `systems/${systemId}/projects/${projectId}/v${version}.esproject`;
}

/** The project, if the caller manages projects of its system; 404 when unknown or foreign, 403 in its own system. */
export async function projectForCaller(db: Database, caller: Caller, id: string) {
  const row = await loadProject(db, id);
  if (!row) throw new AppError("ProjectNotFound");
  const system = { id: row.project.systemId, name: row.systemName };
  if (!managesProjectsOf(caller, system)) throw refusal(caller, system, new AppError("ProjectNotFound"));
  return row;
}

/** Project names are unique within a system, whatever their case (inside the change's transaction). */
export async function assertNameFree(tx: Database, systemId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(projects.systemId, systemId), eq(sql`lower(${projects.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(projects.id, exceptId));
  const [same] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(...conditions));
  if (same) throw new AppError("ProjectNameExists", { name });
}

/** The submission key of a project, shown on its edit page (DESIGN.md "Job creation"). */
export async function submissionKeyOf(db: Database, opts: { caller: Caller; id: string }): Promise<string> {
  const { project } = await projectForCaller(db, opts.caller, opts.id);
  return openSecret(project.submissionKeySealed);
}
