import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, type ProjectProperty, projects, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { hasPermission, isDeputyFor } from "@/lib/auth/permissions";
import { openSecret, sealSecret } from "@/lib/crypto/secrets";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { removeStored, writeStoredFile } from "@/lib/files/store";
import { type ProjectDocument, readEsproject } from "./esproject";
import { loadProject, projectFilePath, toProjectDto } from "./queries";
import {
  type ProjectDto,
  ZProjectAddMeta,
  ZProjectDelete,
  ZProjectMetadata,
  ZProjectProperties,
  ZProjectUploadMeta,
} from "./schemas";

type SystemRef = { id: string; name: string };

/** spec operations §6 ManageProjects, in the caller's own system or as deputy. */
export function managesProjectsOf(caller: Caller, system: SystemRef): boolean {
  return hasPermission(caller.roles, "ManageProjects") && (caller.systemId === system.id || isDeputyFor(caller, system.name));
}

async function systemFor(db: Database, caller: Caller, systemId: string): Promise<SystemRef> {
  const [system] = await db.select({ id: systems.id, name: systems.name }).from(systems).where(eq(systems.id, systemId));
  if (!system) throw new AppError("SystemNotFound");
  if (!managesProjectsOf(caller, system)) throw refusal(caller, system, new AppError("SystemNotFound"));
  return system;
}

/** The project, if the caller manages projects of its system; 404 when unknown or foreign, 403 in its own system. */
export async function projectForCaller(db: Database, caller: Caller, id: string) {
  const row = await loadProject(db, id);
  if (!row) throw new AppError("ProjectNotFound");
  const system = { id: row.project.systemId, name: row.systemName };
  if (!managesProjectsOf(caller, system)) throw refusal(caller, system, new AppError("ProjectNotFound"));
  return row;
}

function assertVersion(project: Project, sent: number): void {
  if (project.version !== sent) throw new AppError("ProjectVersionMismatch", { current: project.version, sent });
}

/** spec operations §5 "Saving properties": every property name non-empty. */
function checkProperties(properties: ProjectProperty[]): void {
  if (properties.some((p) => !p.name.trim())) throw new AppError("projects_error_propertyKeyEmpty");
}

function classesOf(doc: ProjectDocument) {
  return doc.documentClasses.map((c) => ({ name: c.name, keywords: c.keywords, patterns: c.patterns, fields: c.fields }));
}

async function assertNameFree(tx: Database, systemId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(projects.systemId, systemId), eq(sql`lower(${projects.name})`, name.toLowerCase())];
  if (exceptId) conditions.push(ne(projects.id, exceptId));
  const [same] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(...conditions));
  if (same) throw new AppError("ProjectNameExists", { name });
}

/** POST v3/projects (multipart esproject + meta): spec operations §5 "Project add". */
export async function addProject(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const parsed = ZProjectAddMeta.safeParse(opts.meta ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const meta = parsed.data;
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const system = await systemFor(db, opts.caller, meta.systemId);
  const { document } = readEsproject(opts.file);
  const key = newToken();
  const project = await db.transaction(async (tx) => {
    await assertNameFree(tx, system.id, meta.name);
    const [row] = await tx
      .insert(projects)
      .values({
        ...(meta.id ? { id: meta.id } : {}),
        systemId: system.id,
        name: meta.name,
        version: 1,
        type: document.type,
        properties: document.properties,
        documentClasses: classesOf(document),
        withCustomizing: meta.withCustomizing,
        submissionKeyHash: hashToken(key),
        submissionKeySealed: sealSecret(key),
      })
      .onConflictDoNothing({ target: projects.id })
      .returning();
    if (!row) throw new AppError("InvalidId", { id: meta.id ?? "" });
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "Project",
      operation: "Create",
      systemId: system.id,
      projectId: row.id,
      project: row.name,
      value: { id: row.id, name: row.name, version: 1, classes: row.documentClasses.map((c) => c.name) },
    });
    return row;
  });
  await writeStoredFile(projectFilePath(system.id, project.id, 1), opts.file);
  return toProjectDto(project, system.name);
}

/** POST v3/projects/{id}/upload: a new version of the project file. */
export async function uploadProjectVersion(
  db: Database,
  opts: { caller: Caller; id: string; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const parsed = ZProjectUploadMeta.safeParse(opts.meta ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, parsed.data.version);
  const { document } = readEsproject(opts.file);
  const next = project.version + 1;
  await writeStoredFile(projectFilePath(project.systemId, project.id, next), opts.file);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({
        version: next,
        type: document.type,
        documentClasses: classesOf(document),
        versionProperties: parsed.data.versionProperties,
        withCustomizing: parsed.data.withCustomizing,
        // replaceDefaultProperties takes the file's properties; otherwise the edited ones stay
        ...(parsed.data.replaceDefaultProperties ? { properties: document.properties } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(projects.id, project.id), eq(projects.version, project.version)))
      .returning();
    if (!row) throw new AppError("ProjectVersionMismatch", { current: project.version + 1, sent: parsed.data.version });
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: row.name,
      value: { id: project.id, version: next, replaceDefaultProperties: parsed.data.replaceDefaultProperties },
    });
    return row;
  });
  return toProjectDto(updated, systemName);
}

/** POST v3/projects/{id}/properties (spec operations §5: names non-empty; the version must match). */
export async function saveProjectProperties(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<ProjectDto> {
  const parsed = ZProjectProperties.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  checkProperties(parsed.data.properties);
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, parsed.data.version);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(projects)
      .set({ properties: parsed.data.properties, versionProperties: parsed.data.versionProperties, updatedAt: new Date() })
      .where(eq(projects.id, project.id))
      .returning();
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, properties: parsed.data.properties },
    });
    return rows;
  });
  return toProjectDto(row ?? project, systemName);
}

/** PUT v3/projects/{id}/metadata: rename (trimmed, unique in the system). */
export async function renameProject(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<ProjectDto> {
  const parsed = ZProjectMetadata.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  const [row] = await db.transaction(async (tx) => {
    await assertNameFree(tx, project.systemId, parsed.data.name, project.id);
    const rows = await tx
      .update(projects)
      .set({ name: parsed.data.name, updatedAt: new Date() })
      .where(eq(projects.id, project.id))
      .returning();
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: parsed.data.name,
      value: { id: project.id, name: parsed.data.name, previousName: project.name },
    });
    return rows;
  });
  return toProjectDto(row ?? project, systemName);
}

/** DELETE v3/projects/{id} with { version }: the project and its files; its jobs keep their name. */
export async function deleteProject(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<void> {
  const parsed = ZProjectDelete.safeParse(opts.input ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, parsed.data.version);
  await db.transaction(async (tx) => {
    await tx.delete(projects).where(eq(projects.id, project.id));
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Delete",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, name: project.name, version: project.version },
    });
  });
  await removeStored(`systems/${project.systemId}/projects/${project.id}`);
}

/** The submission key of a project, shown on its edit page (DESIGN.md "Job creation"). */
export async function submissionKeyOf(db: Database, opts: { caller: Caller; id: string }): Promise<string> {
  const { project } = await projectForCaller(db, opts.caller, opts.id);
  return openSecret(project.submissionKeySealed);
}

/** A new submission key; the old one stops working at once. */
export async function regenerateSubmissionKey(db: Database, opts: { caller: Caller; id: string }): Promise<string> {
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  const key = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ submissionKeyHash: hashToken(key), submissionKeySealed: sealSecret(key) })
      .where(eq(projects.id, project.id));
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, submissionKey: "changed" },
    });
  });
  return key;
}
