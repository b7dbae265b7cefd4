import { openApiContract } from "@/lib/api/contracts";
import { openApiDocument } from "@/lib/api/openapi";
import { route } from "@/lib/api/route";

export const GET = route(openApiContract, async () => openApiDocument());

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
