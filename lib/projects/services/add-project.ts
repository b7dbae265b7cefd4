import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { writeStoredFile } from "@/lib/files/store";
import { managesProjectsOf, type SystemRef } from "../access";
import { readEsproject } from "../esproject-zip";
import { assertNameFree, projectFilePath, toProjectDto } from "../queries";
import { classesOf } from "../rules";
import { type ProjectDto, ZProjectAddMeta } from "../schemas";

async function systemFor(db: Database, caller: Caller, systemId: string): Promise<SystemRef> {
  const [system] = await db.select({ id: systems.id, name: systems.name }).from(systems).where(eq(systems.id, systemId));
  if (!system) throw new AppError("SystemNotFound");
  if (!managesProjectsOf(caller, system)) throw refusal(caller, system, new AppError("SystemNotFound"));
  return system;
}

/** POST v3/projects (multipart esproject + meta): spec operations §5 "Project add". */
export async function addProject(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const meta = parseInput(ZProjectAddMeta, opts.meta ?? {});
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
