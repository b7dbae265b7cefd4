/** One sample of the Prometheus text format: metric name, labels, value. */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; helps: Map<string, string>; samples: Sample[] };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;

const unescapeLabel = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));

function number(text: string): number {
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  const value = Number(text);
  // Go's ParseFloat, which Prometheus reads with, takes NaN in any case (prom-client writes "Nan")
  if (Number.isNaN(value) && text.toLowerCase() !== "nan") throw new Error(`not a sample value: ${text}`);
  return value;
}

/**
 * Parses the Prometheus text exposition format (version 0.0.4) strictly: every line is a comment (HELP, TYPE or
 * another), empty, or a sample whose labels and value parse; anything else throws. Tests read /api/metrics back
 * with it.
 */
export function parsePrometheus(text: string): Exposition {
  const types = new Map<string, string>();
  const helps = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = "", rest = ""] = meta;
      if (kind === "TYPE") {
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest)) throw new Error(`bad TYPE: ${line}`);
        if (types.has(name)) throw new Error(`TYPE twice: ${name}`);
        types.set(name, rest);
      } else helps.set(name, rest);
      continue;
    }
    if (line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = "", rawLabels = "", value = ""] = match;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < rawLabels.length) {
      const label = LABEL.exec(rawLabels);
      if (!label) throw new Error(`bad labels: ${line}`);
      labels[label[1] ?? ""] = unescapeLabel(label[2] ?? "");
    }
    samples.push({ name, labels, value: number(value) });
  }
  return { types, helps, samples };
}

/** The value of the one sample of `name` whose labels include `labels` (undefined when none; throws when several). */
export function sampleValue(e: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = e.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}
