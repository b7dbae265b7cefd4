import { describe, expect, it } from "vitest";
import { parsePrometheus, sampleValue } from "../helpers/prometheus";
import { SERVER_METRICS_TOKEN } from "./global-setup";
import { adminToken, api, expectError } from "./helpers";

const scrape = () => api("GET", "/api/metrics", { token: SERVER_METRICS_TOKEN });

// GET /api/metrics of a real `next start`: the route bundles of the built server observe into one histogram
// (lib/metrics/registry.ts keeps it on globalThis), and the answer parses as the Prometheus text format
describe("GET /api/metrics on the built server", () => {
  it("answers only to METRICS_TOKEN: no token 401, a user's token 401", async () => {
    expectError(await api("GET", "/api/metrics"), 401, "MissingToken");
    expectError(await api("GET", "/api/metrics", { token: await adminToken() }), 401, "InvalidToken");
  });

  it("counts the REST calls of every route by method, path template and status", async () => {
    const before = parsePrometheus((await scrape()).text);
    const count = (e: ReturnType<typeof parsePrometheus>, labels: Record<string, string>) =>
      sampleValue(e, "docservice_http_request_duration_seconds_count", labels) ?? 0;
    const info = { method: "GET", route: "/api/info", status: "200" };
    const unknownUser = { method: "GET", route: "/api/users/{id}", status: "404" };
    for (let i = 0; i < 3; i++) expect((await api("GET", "/api/info")).status).toBe(200);
    const token = await adminToken();
    expectError(await api("GET", "/api/users/00000000-0000-4000-8000-000000000000", { token }), 404, "UserNotFound");

    const res = await api("GET", "/api/metrics/", { token: SERVER_METRICS_TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const after = parsePrometheus(res.text);
    // at least: the other files of tests/server run at the same time against the same server (the fuzz test asks for
    // unknown users too: a delta of 2 in CI of 5847906)
    expect(count(after, info) - count(before, info)).toBeGreaterThanOrEqual(3);
    expect(count(after, unknownUser) - count(before, unknownUser)).toBeGreaterThanOrEqual(1);
    // the path template, never the URL with its id
    expect(after.samples.some((s) => s.labels.route?.includes("00000000"))).toBe(false);
    expect(sampleValue(after, "docservice_maintenance_mode")).toBe(0);
    // the embedded runner of this server is connected (with Redis the server runs no jobs)
    expect(sampleValue(after, "docservice_workers_connected")).toBe(process.env.REDIS_URL ? 0 : 1);
    expect(sampleValue(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.types.get("docservice_job_duration_seconds")).toBe("histogram");
  });
});
