import { metricsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertMetricsToken } from "@/lib/metrics/access";
import { METRICS_CONTENT_TYPE, renderMetrics } from "@/lib/metrics/registry";

export const GET = route(metricsContract, async ({ req, db }) => {
  assertMetricsToken(req);
  return new Response(await renderMetrics(db), {
    headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
