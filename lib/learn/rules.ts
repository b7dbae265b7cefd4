import type { Project } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

// Pure rules of learn projects (no database).

/** spec operations §4: a soft-deleted learn project takes no jobs and is changed no more. */
export function assertLearnProjectLive(project: Pick<Project, "name" | "deletedAt">): void {
  if (project.deletedAt) throw new AppError("LearnProjectDeleted", { name: project.name });
}

/**
 * The text a learn document keeps: what the document's reading produced, without NUL characters, which PostgreSQL's
 * text refuses (a PDF's text layer may hold them); the work file keeps the text as read.
 */
export function learnDocumentText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}
