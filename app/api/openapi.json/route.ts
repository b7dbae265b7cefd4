import { openApiContract } from "@/lib/api/contracts";
import { openApiDocument } from "@/lib/api/openapi";
import { route } from "@/lib/api/route";

export const GET = route(openApiContract, async () => openApiDocument());
