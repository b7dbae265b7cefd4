import { searchDownloadsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { searchDownloads } from "@/lib/downloads/queries";

export const GET = route(searchDownloadsContract, ({ db, caller, query }) => searchDownloads(db, { caller, search: query }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
