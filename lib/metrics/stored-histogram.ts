import type { Metric, Registry } from "prom-client";

type Sample = { metricName: string; labels: Record<string, string | number>; value: number };
export type StoredBuckets = {
  labels: Record<string, string>;
  /** upper bounds in seconds, ascending */
  bounds: readonly number[];
  /** cumulative counts: observations ≤ each bound */
  buckets: readonly number[];
  count: number;
  sum: number;
};

/**
 * A histogram whose buckets are kept elsewhere (the statistics counters, written by every worker process) and only
 * shown here: prom-client's Histogram counts observations of this process, so this is a metric of its own that the
 * registry prints as any histogram (`_bucket{le}` cumulative with +Inf, `_sum`, `_count`).
 */
export class StoredHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private values: Sample[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  set(series: readonly StoredBuckets[]): void {
    this.values = series.flatMap((s) => [
      ...s.bounds.map((le, i) => ({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: s.buckets[i] ?? 0 })),
      { metricName: `${this.name}_bucket`, labels: { ...s.labels, le: "+Inf" }, value: s.count },
      { metricName: `${this.name}_sum`, labels: s.labels, value: s.sum },
      { metricName: `${this.name}_count`, labels: s.labels, value: s.count },
    ]);
  }

  reset(): void {
    this.values = [];
  }

  async get() {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values };
  }
}
