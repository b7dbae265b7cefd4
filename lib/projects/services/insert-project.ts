import type { z } from "zod";
import type { Database } from "@/db/client";
import { type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { writeStoredFile } from "@/lib/files/store";
import type { SystemRef } from "../access";
import { readEsproject } from "../esproject-zip";
import { assertNameFree, projectFilePath, systemForProjects } from "../queries";
import { assertFileArea, isLearnType, type ProjectArea } from "../rules";
import type { ProjectDocument } from "../schemas";

/**
 * What an add of either list reads first, in the order its errors come: the meta (the schema's rules), the file
 * (missingEsproject), the system the caller may manage projects of, the file's document and its kind (the list's).
 */
export async function readProjectAdd<S extends z.ZodType<{ systemId: string }>>(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null; schema: S; area: ProjectArea },
): Promise<{ meta: z.output<S>; system: SystemRef; document: ProjectDocument; file: Uint8Array }> {
  const meta = parseInput(opts.schema, opts.meta ?? {});
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const system = await systemForProjects(db, opts.caller, meta.systemId);
  const { document } = readEsproject(opts.file);
  assertFileArea(document, opts.area);
  return { meta, system, document, file: opts.file };
}

type NewProjectValues = Omit<typeof projects.$inferInsert, "systemId" | "version" | "submissionKeyHash" | "submissionKeySealed">;

/**
 * A new project of either list (version 1, a new submission key) with its audit-trail row (Project or LearnProject,
 * Create) in one transaction; then its file, once the row is committed (docs/decisions.md "DeleteProject"). The name
 * must be free in the system; an id the client chose that exists already is 400 InvalidId.
 */
export async function insertProject(
  db: Database,
  opts: { caller: Caller; system: SystemRef; values: NewProjectValues; file: Uint8Array; audit: Record<string, unknown> },
): Promise<Project> {
  const { caller, system, values } = opts;
  const key = newToken();
  const project = await db.transaction(async (tx) => {
    await assertNameFree(tx, system.id, values.name);
    const [row] = await tx
      .insert(projects)
      .values({
        ...values,
        systemId: system.id,
        version: 1,
        submissionKeyHash: hashToken(key),
        submissionKeySealed: sealSecret(key),
      })
      .onConflictDoNothing({ target: projects.id })
      .returning();
    if (!row) throw new AppError("InvalidId", { id: values.id ?? "" });
    await writeAudit(tx, actingIn(caller, system), {
      category: isLearnType(row.type) ? "LearnProject" : "Project",
      operation: "Create",
      systemId: system.id,
      projectId: row.id,
      project: row.name,
      value: { id: row.id, name: row.name, version: 1, ...opts.audit },
    });
    return row;
  });
  await writeStoredFile(projectFilePath(system.id, project.id, 1), opts.file);
  return project;
}
