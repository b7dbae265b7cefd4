import { deleteDownloadContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { deleteDownload } from "@/lib/downloads/services/delete-download";

export const DELETE = route(deleteDownloadContract, async ({ db, caller, params }) => {
  await deleteDownload(db, { caller, id: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
