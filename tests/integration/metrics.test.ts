import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { GET as getInfo } from "@/app/api/info/route";
import { GET as getMetrics } from "@/app/api/metrics/route";
import { jobMetrics, licenceUsage } from "@/db/schema";
import { getDb } from "@/lib/db";
import { patchServiceConfig } from "@/lib/settings/store";
import { registerWorkerProcess } from "@/workers/jobs/registry";
import { codes } from "../helpers/api";
import { makeJob, makeLicence, makeSystem } from "../helpers/factories";
import { call } from "../helpers/http";
import { parsePrometheus, sampleValue } from "../helpers/prometheus";

const TOKEN = "metrics-token-0123456789-abcdef";
const scrape = (token: string | undefined = TOKEN) => call(getMetrics, "/api/metrics", { token });

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await patchServiceConfig(await getDb(), { isMaintenanceModeEnabled: false });
});

describe("GET /api/metrics: the token", () => {
  it("does not exist without METRICS_TOKEN: 404 in the error envelope", async () => {
    vi.stubEnv("METRICS_TOKEN", "");
    const res = await scrape();
    expect([res.status, codes(res.json)]).toEqual([404, ["NotFound"]]);
  });

  it("answers 401 without the bearer header and with another token; 200 with METRICS_TOKEN", async () => {
    vi.stubEnv("METRICS_TOKEN", TOKEN);
    const missing = await call(getMetrics, "/api/metrics");
    expect([missing.status, codes(missing.json)]).toEqual([401, ["MissingToken"]]);
    const wrong = await scrape(`${TOKEN}x`);
    expect([wrong.status, codes(wrong.json)]).toEqual([401, ["InvalidToken"]]);
    const basic = await call(getMetrics, "/api/metrics", { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    // and at the path with a trailing slash
    expect((await call(getMetrics, "/api/metrics/", { token: TOKEN })).status).toBe(200);
  });
});

describe("GET /api/metrics: the figures, parsed back", () => {
  it("queue by system and in total, workers, maintenance mode, licences, request durations, process metrics", async () => {
    vi.stubEnv("METRICS_TOKEN", TOKEN);
    const db = await getDb();
    const acme = await makeSystem({ name: `Acme "quoted" \\ ${Date.now()}` });
    const other = await makeSystem();
    const old = new Date(Date.now() - 120_000);
    for (const state of ["Waiting", "Waiting", "Waiting", "Assigned", "Processing", "Processing", "Ready", "Error"] as const) {
      const job = await makeJob({ systemId: acme.id, state, created: state === "Waiting" ? old : new Date() });
      // the runs of the ended jobs: 0.5 s and 7 s (their durations reach the counters' histogram)
      if (state === "Ready" || state === "Error") {
        const durationMs = state === "Ready" ? 500 : 7000;
        await db.insert(jobMetrics).values({
          jobId: job.id,
          systemId: acme.id,
          documents: 1,
          pages: 1,
          bytesIn: 10,
          bytesOut: 10,
          durationMs,
          success: state === "Ready",
        });
      }
    }
    await makeJob({ systemId: other.id, state: "Waiting" });
    const expires = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const licence = await makeLicence({
      name: "Soon over",
      expiration: expires,
      features: [{ id: "Pages", status: "Limited", limit: 100, expiration: null }],
    });
    if (!licence) throw new Error("no licence");
    await db.insert(licenceUsage).values({ licenceId: licence.id, featureId: "Pages", period: "all", count: 95 });
    const worker = registerWorkerProcess({ kind: "bullmq", id: "metrics-test:1", slots: () => 4, busy: () => 1 });
    await worker.beat();
    await patchServiceConfig(db, { isMaintenanceModeEnabled: true });
    // the REST calls counted exactly: this file is alone in its process (the server's own test counts at least its own)
    const infoCalls = { method: "GET", route: "/api/info", status: "200" };
    const callsBefore =
      sampleValue(parsePrometheus((await scrape()).text), "docservice_http_request_duration_seconds_count", infoCalls) ?? 0;
    await call(getInfo, "/api/info");
    await call(getInfo, "/api/info");

    const res = await scrape();
    expect(res.status).toBe(200);
    const e = parsePrometheus(res.text);
    // the name with a quote and a backslash comes back as it is
    expect(sampleValue(e, "docservice_jobs", { system: acme.name, state: "Waiting" })).toBe(3);
    expect(sampleValue(e, "docservice_jobs", { system: acme.name, state: "Assigned" })).toBe(1);
    expect(sampleValue(e, "docservice_jobs", { system: acme.name, state: "Processing" })).toBe(2);
    expect(sampleValue(e, "docservice_jobs", { system: other.name, state: "Waiting" })).toBe(1);
    expect(sampleValue(e, "docservice_queue_waiting_jobs")).toBe(4);
    expect(sampleValue(e, "docservice_queue_processing_jobs")).toBe(3);
    const oldest = sampleValue(e, "docservice_queue_oldest_waiting_seconds") ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(120);
    expect(oldest).toBeLessThan(600);
    expect(sampleValue(e, "docservice_workers_connected")).toBe(1);
    expect(sampleValue(e, "docservice_worker_slots")).toBe(4);
    expect(sampleValue(e, "docservice_worker_slots_busy")).toBe(1);
    expect(sampleValue(e, "docservice_maintenance_mode")).toBe(1);
    expect(sampleValue(e, "docservice_licence_days_left", { licence: licence.id })).toBe(10);
    expect(sampleValue(e, "docservice_licence_feature_left", { licence: licence.id, feature: "Pages" })).toBe(5);
    // the statistics counters: created as a counter, the ended ones by outcome, the durations as a histogram
    expect(e.types.get("docservice_jobs_created_total")).toBe("counter");
    expect(sampleValue(e, "docservice_jobs_created_total", { system: acme.name })).toBe(8);
    expect(sampleValue(e, "docservice_jobs_created_total", { system: other.name })).toBe(1);
    expect(sampleValue(e, "docservice_jobs_finished", { system: acme.name, outcome: "successful" })).toBe(1);
    expect(sampleValue(e, "docservice_jobs_finished", { system: acme.name, outcome: "failed" })).toBe(1);
    expect(e.types.get("docservice_job_duration_seconds")).toBe("histogram");
    const bucket = (le: string) => sampleValue(e, "docservice_job_duration_seconds_bucket", { system: acme.name, le });
    expect(["1", "5", "15", "60", "300", "+Inf"].map(bucket)).toEqual([1, 1, 2, 2, 2, 2]);
    expect(sampleValue(e, "docservice_job_duration_seconds_count", { system: acme.name })).toBe(2);
    expect(sampleValue(e, "docservice_job_duration_seconds_sum", { system: acme.name })).toBe(7.5);
    expect(sampleValue(e, "docservice_job_duration_seconds_count", { system: other.name })).toBe(0);
    expect(e.types.get("docservice_http_request_duration_seconds")).toBe("histogram");
    expect(sampleValue(e, "docservice_http_request_duration_seconds_count", infoCalls)).toBe(callsBefore + 2);
    expect(
      sampleValue(e, "docservice_http_request_duration_seconds_bucket", { ...infoCalls, le: "+Inf" }),
    ).toBeGreaterThanOrEqual(1);
    expect(e.types.get("process_cpu_user_seconds_total")).toBe("counter");

    // a figure follows the database at the next scrape: the worker gone, maintenance mode off
    await worker.stop();
    await patchServiceConfig(db, { isMaintenanceModeEnabled: false });
    const again = parsePrometheus((await scrape()).text);
    expect(sampleValue(again, "docservice_workers_connected")).toBe(0);
    expect(sampleValue(again, "docservice_maintenance_mode")).toBe(0);
  });
});
