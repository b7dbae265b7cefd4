import { defineContract } from "../contract";

const EXAMPLE = `# HELP docservice_queue_waiting_jobs Jobs waiting to be claimed
# TYPE docservice_queue_waiting_jobs gauge
docservice_queue_waiting_jobs 12

# HELP docservice_jobs_created_total Jobs created, by system (the statistics counters)
# TYPE docservice_jobs_created_total counter
docservice_jobs_created_total{system="Acme"} 48213
`;

/** The figures of the dashboards for an operator's monitoring (docs/decisions.md "Dashboards"). */
export const metricsContract = defineContract({
  method: "GET",
  path: "/api/metrics",
  summary: "The service's figures in the Prometheus text format: queue, jobs, workers, licences, request and job durations",
  tag: "Monitoring",
  auth: "none",
  ownToken: "metricsToken",
  text: {
    mediaType: "text/plain",
    description: "The Prometheus text exposition format (text/plain; version=0.0.4)",
    example: EXAMPLE,
  },
  errors: ["NotFound", "MissingToken", "InvalidToken"],
});
