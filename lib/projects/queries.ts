import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects, systems } from "@/db/schema";
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
