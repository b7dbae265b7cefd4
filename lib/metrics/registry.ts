import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { Database } from "@/db/client";
import { serviceGauges } from "./figures";

/** Upper bounds (seconds) of the REST API's request-duration buckets. */
const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Holder = {
  registry: Registry;
  http: Histogram<"method" | "route" | "status">;
  /** made at the first scrape: the process's default metrics and the service's gauges */
  service?: ReturnType<typeof serviceGauges>;
  /** scrapes one after the other, so that one's figures are never mixed with another's */
  scraping: Promise<unknown>;
};
const g = globalThis as typeof globalThis & { __docserviceMetrics?: Holder };

/**
 * The Prometheus registry of this process (prom-client). One per process on globalThis, so that every route bundle of
 * the Next server observes into the same histogram; made on first use.
 */
function holder(): Holder {
  if (g.__docserviceMetrics) return g.__docserviceMetrics;
  const registry = new Registry();
  const http = new Histogram({
    name: "docservice_http_request_duration_seconds",
    help: "Duration of the REST API's requests by method, route pattern (the contract's path) and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: HTTP_BUCKETS_S,
    registers: [registry],
  });
  g.__docserviceMetrics = { registry, http, scraping: Promise.resolve() };
  return g.__docserviceMetrics;
}

/** One answered REST call; `route` is its contract's path template (bounded labels, never the URL itself). */
export function observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void {
  holder().http.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * GET /api/metrics: the service's figures read from the database now (the same whichever process is scraped), this
 * process's request durations and its default metrics (CPU, memory, event loop, garbage collection).
 */
export function renderMetrics(db: Database, now = new Date()): Promise<string> {
  const h = holder();
  if (!h.service) {
    collectDefaultMetrics({ register: h.registry });
    h.service = serviceGauges(h.registry);
  }
  const service = h.service;
  const run = h.scraping.then(async () => {
    service.apply(await service.read(db, now), now);
    return h.registry.metrics();
  });
  h.scraping = run.catch(() => {});
  return run;
}
