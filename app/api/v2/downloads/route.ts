import { exportDownloadContract, searchDownloadsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { searchDownloads } from "@/lib/downloads/queries";
import { exportRange } from "@/lib/downloads/services/export-range";

export const GET = route(searchDownloadsContract, ({ db, caller, query }) => searchDownloads(db, { caller, search: query }));
export const POST = route(exportDownloadContract, ({ db, caller, body }) => exportRange(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
