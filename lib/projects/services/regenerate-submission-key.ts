import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { projectForCaller } from "../queries";
import { updateProject } from "./update-project";

/** A new submission key; the old one stops working at once. */
export async function regenerateSubmissionKey(db: Database, opts: { caller: Caller; id: string }): Promise<string> {
  const loaded = await projectForCaller(db, opts.caller, opts.id, "any");
  const key = newToken();
  await db.transaction((tx) =>
    updateProject(tx, {
      caller: opts.caller,
      loaded,
      set: { submissionKeyHash: hashToken(key), submissionKeySealed: sealSecret(key) },
      audit: { submissionKey: "changed" },
    }),
  );
  return key;
}
