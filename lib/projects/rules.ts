import type { Project, ProjectProperty } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import type { ProjectDocument } from "./schemas";

// Pure rules of the project services (no database).

/** A change names the version it was made on; another version was saved meanwhile. */
export function assertVersion(project: Project, sent: number): void {
  if (project.version !== sent) throw new AppError("ProjectVersionMismatch", { current: project.version, sent });
}

/** spec operations §5 "Saving properties": every property name non-empty. */
export function checkProperties(properties: ProjectProperty[]): void {
  if (properties.some((p) => !p.name.trim())) throw new AppError("projects_error_propertyKeyEmpty");
}

/** The document classes a project keeps of its project.json (what processing a job needs). */
export function classesOf(doc: ProjectDocument) {
  return doc.documentClasses.map((c) => ({ name: c.name, keywords: c.keywords, patterns: c.patterns, fields: c.fields }));
}
