import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { projectForCaller } from "../queries";

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
