import { sql } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { safeFileName, writeStoredFiles } from "@/lib/files/store";
import { jsonField, readMultipart } from "@/lib/input/multipart";
import { jobDir } from "@/lib/jobs/files";
import { ensureReady } from "@/lib/setup/bootstrap";
import { benchOnly } from "../gate";

/**
 * The baseline of bench/jobs.mjs's intake: the least work POST /api/jobs must do, in the same server and for the same
 * body. It parses the multipart body with the same parser, inserts the job row (Waiting), writes the order file below
 * DATA_DIR and inserts its job_files row, and answers 201 with the id. Nothing else: no token, no permission, no
 * limits from the configuration, no queue, no log line. The project is looked up by name once per process. Its SQL
 * is written by hand on purpose (a baseline, not a route of the product): it bypasses lib/jobs.
 */

type Project = { id: string; name: string; systemId: string };
const projects = new Map<string, Project>();

const LIMITS = { fileBytes: 100 * 1024 * 1024, totalBytes: 200 * 1024 * 1024, files: 100 };

/** Rows of `db.execute` on either driver (postgres.js answers an array, PGlite an object with rows). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const POST = benchOnly(async (req: NextRequest) => {
  const { db } = await ensureReady();
  const body = await readMultipart(req, { limits: LIMITS, fileFields: ["file"], textFields: ["meta"] });
  try {
    const meta = jsonField(body, "meta") as { projectName: string; client?: string; priority?: number };
    const file = body.files[0];
    if (!file?.bytes) return Response.json({ error: "one small file expected" }, { status: 400 });
    let project = projects.get(meta.projectName);
    if (!project) {
      [project] = rowsOf<Project>(
        await db.execute(
          sql`select id, name, system_id as "systemId" from projects where lower(name) = ${meta.projectName.toLowerCase()}`,
        ),
      );
      if (!project) return Response.json({ error: "no such project" }, { status: 404 });
      projects.set(meta.projectName, project);
    }
    const [job] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into jobs (auth_hash, system_id, project_id, project_name, state, client, priority)
        values (${hashToken(newToken())}, ${project.systemId}, ${project.id}, ${project.name}, 'Waiting',
                ${meta.client ?? ""}, ${meta.priority ?? 5})
        returning id`),
    );
    const id = Number(job?.id);
    const dir = `${jobDir(project.systemId, id)}/order`;
    const name = safeFileName(file.name);
    await writeStoredFiles(dir, [{ name, bytes: file.bytes }]);
    await db.execute(sql`insert into job_files (job_id, kind, name, content_type, size, path)
      values (${id}, 'order', ${name}, ${file.contentType}, ${file.size}, ${`${dir}/${name}`})`);
    return Response.json({ id }, { status: 201 });
  } finally {
    await body.cleanup();
  }
});
