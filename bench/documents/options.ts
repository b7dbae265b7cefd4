import { DEFAULT_CORPUS_DIR } from "./corpus";

export const USAGE = `npm run bench:documents [-- options]

Our reading of real documents (the corpus) against the native tools, from one run:
  quality  word F1 and CER against the reference (published ground truth of images and of the scanned PDFs that
           have one; pdftotext of born-digital PDFs; tesseract of the 300 dpi pages of the other scanned PDFs, a row
           of its own outside the target), ours and native, per class; errors and empty texts
  speed    pages per second per core, ours (extractText, N documents at once as a worker reads a job's documents)
           against pdftotext / pdftoppm + tesseract in N processes (N = cores), OCR and PDF text apart
  e2e      every corpus document as a job, posted in one burst to \`next start\` with two \`npm run worker\` on
           PostgreSQL + Redis; Ready/Error and wall time against the native tools' time for the same work
Writes the section "## Documents (issue 14 §2)" of bench/RESULTS.md and per-document rows to bench/.tmp/documents.csv.

Options:
  --only=quality,speed,e2e  the parts to run (quality and speed come from the same run)
  --engine=wasm|native      our OCR and PDF engine (OCR_ENGINE, PDF_ENGINE); without it both are measured
  --limit=N                 the first N documents of each class only, to try the script out (RESULTS.md unchanged)
  --no-write                print the section instead of writing it to RESULTS.md
  --build                   build .next-bench-docs again before the e2e part
  --keep-logs               keep the e2e server's and workers' data folder and logs under bench/.tmp
  --help                    this text

Environment:
  CORPUS_DIR        the corpus folder (default ${DEFAULT_CORPUS_DIR}, from the project root); its sources.json lists
                    the documents, SOURCES.md their origin; the script stops when a listed file is missing
  BENCH_PG_URL      PostgreSQL server of the e2e part (default postgres://postgres@127.0.0.1:5432/postgres)
  BENCH_REDIS_URL   Redis of the e2e part (default redis://127.0.0.1:6379)
  BENCH_DIST_DIR    the build the e2e part serves (default .next-bench-docs)`;

export const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg("only")?.split(",");
export const runs = (part: string) => !only || only.includes(part);
export const limit = Number(arg("limit")) || undefined;
