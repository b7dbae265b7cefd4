import type { Project, ProjectProperty, ProjectType } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import type { ProjectDocument } from "./schemas";

// Pure rules of the project services (no database).

/** The types of learn projects (spec operations §3); every other type is an extraction project's (or a state). */
export const LEARN_PROJECT_TYPES = ["Learn", "LinkedLearn"] as const satisfies readonly ProjectType[];

/** Which list a project belongs to: the projects or the learn projects (spec operations §2). */
export type ProjectArea = "extraction" | "learn";

export function isLearnType(type: ProjectType): boolean {
  return (LEARN_PROJECT_TYPES as readonly ProjectType[]).includes(type);
}

export function areaOf(type: ProjectType): ProjectArea {
  return isLearnType(type) ? "learn" : "extraction";
}

/**
 * A project file declares its type; it must be one of the list it is added to (a learn project file under learn
 * projects, any other under projects), or the project would show in the other list.
 */
export function assertFileArea(document: Pick<ProjectDocument, "type">, area: ProjectArea): void {
  if (areaOf(document.type) === area) return;
  throw new AppError("projects_error_invalidFile", {
    problem: "wrongType",
    type: document.type,
    expected: area,
    reason: `it declares the type ${document.type}, which belongs to the ${area === "learn" ? "projects" : "learn projects"}`,
  });
}

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
