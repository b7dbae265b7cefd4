import { readyContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readiness } from "@/lib/setup/readiness";

export const GET = route(readyContract, async () => {
  const result = await readiness();
  return Response.json(result, { status: result.status === "ok" ? 200 : 503 });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
