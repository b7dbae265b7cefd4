import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { downloads } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { removeStored } from "@/lib/files/store";
import { readDownload } from "../queries";
import { downloadTypeOf } from "../rules";

/**
 * DELETE v2/downloads/{id} (spec operations §4: after a yes/no question): the row and its audit-trail row in one
 * transaction (category SchedulerTask: a download is what an archiver task made; docs/decisions.md "Downloads"),
 * then the file. A file whose removal fails is left to DownloadCleaner, never a row without its file.
 */
export async function deleteDownload(db: Database, opts: { caller: Caller; id: string }): Promise<void> {
  const { download, system } = await readDownload(db, opts);
  await db.transaction(async (tx) => {
    const gone = await tx.delete(downloads).where(eq(downloads.id, download.id)).returning({ id: downloads.id });
    // deleted meanwhile by another request (or DownloadCleaner)
    if (!gone.length) throw new AppError("DownloadNotFound");
    await writeAudit(tx, system ? actingIn(opts.caller, system) : opts.caller, {
      category: "SchedulerTask",
      operation: "Delete",
      systemId: download.systemId,
      value: {
        download: {
          id: download.id,
          type: downloadTypeOf(download.type),
          displayFileName: download.displayFileName,
          externalId: download.externalId,
        },
      },
    });
  });
  await removeStored(download.path).catch(() => {});
}
