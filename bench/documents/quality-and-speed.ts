import os from "node:os";
import path from "node:path";
import { type CorpusDoc, corpusFile, type DocClass, type Measured, root } from "./corpus";
import { fmt } from "./format";
import { LANGUAGES, nativeAll, pageCount, run } from "./native";
import { engineName, engines, oursAll } from "./ours";

/**
 * The run that quality and speed both come from: per group of classes, the native tools on every document (`cores`
 * processes), then ours with each engine setting (`cores` documents at once), each with the CPU other processes used
 * meanwhile.
 */

const cores = os.availableParallelism();

export type Group = { name: string; classes: DocClass[]; target: number };
const GROUPS: Group[] = [
  { name: "OCR (pdf-scanned + image)", classes: ["pdf-scanned", "image"], target: 0.8 },
  { name: "PDF text (pdf-text)", classes: ["pdf-text"], target: 0.7 },
];

export type Speed = {
  group: Group;
  pages: number;
  documents: number;
  native: number;
  ours: Record<string, number>;
  other: Record<string, number>;
};

type Measure = { otherCpuCores(): () => number };

export async function qualityAndSpeed(docs: CorpusDoc[]) {
  // imported here, not above: bench/server.mjs (which measure.mjs imports) reads BENCH_DIST_DIR when it loads
  const { otherCpuCores } = (await import(path.join(root, "bench", "measure.mjs") as string)) as Measure;
  const engineList = engines();
  const measured = new Map<string, Measured>(
    docs.map((doc) => [doc.file, { doc, pages: pageCount(doc), native: { ms: 0 }, ours: {} }]),
  );
  // warm-up of the native side: tesseract's language data into the page cache
  await run("tesseract", [corpusFile("image/tesseractjs-simple.png"), "stdout", "-l", LANGUAGES.join("+")]);
  const speed: Speed[] = [];
  for (const group of [...GROUPS, { name: "damaged", classes: ["damaged"] as DocClass[], target: Number.NaN }]) {
    const set = docs.filter((d) => group.classes.includes(d.class));
    if (set.length === 0) continue;
    const pages = set.reduce((n, d) => n + (measured.get(d.file)?.pages ?? 0), 0);
    console.log(`${group.name}: ${set.length} documents, ${pages} pages — native tools, ${cores} processes…`);
    let other = otherCpuCores();
    const native = await nativeAll(set, cores);
    const others: Record<string, number> = { native: other() };
    for (const [file, r] of native.readings) (measured.get(file) as Measured).native = r;
    const ours: Record<string, number> = {};
    for (const engine of engineList) {
      console.log(`${group.name}: ours (${engineName(engine)}), ${cores} documents at once…`);
      other = otherCpuCores();
      const r = await oursAll(set, engine);
      others[engineName(engine)] = other();
      ours[engineName(engine)] = r.wallMs;
      for (const [file, reading] of r.readings) (measured.get(file) as Measured).ours[engineName(engine)] = reading;
    }
    console.log(
      `${group.name}: native ${fmt(native.wallMs / 1000, 2)} s, ${Object.entries(ours)
        .map(([e, ms]) => `ours ${e} ${fmt(ms / 1000, 2)} s`)
        .join(", ")}`,
    );
    if (Number.isFinite(group.target))
      speed.push({ group, pages, documents: set.length, native: native.wallMs, ours, other: others });
  }
  return { measured: [...measured.values()], speed, engineList: engineList.map(engineName) };
}
