// Fails when a tracked file of the project is byte for byte a file of the team's public-documents corpus
// (../shared/corpus beside the project, or CORPUS_ROOT): the project commits no file copied from another repository
// (issue 23 §2), its benchmarks and tests read the corpus where it lies or draw their own fixtures. Skips, with a
// message and exit 0, where the corpus is not on the machine. Compares sizes first, SHA-256 only where a size matches.
// Run: node scripts/check-no-copies.mjs
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const corpus = path.resolve(root, process.env.CORPUS_ROOT || "../shared/corpus");
if (!existsSync(corpus)) {
  console.log(`check-no-copies: skipped, no corpus at ${corpus}`);
  process.exit(0);
}

const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** the corpus' files by size (empty files are left out: every empty file is equal to every other) */
const bySize = new Map();
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (entry.isFile()) {
      const size = statSync(file).size;
      if (size > 0) bySize.set(size, [...(bySize.get(size) ?? []), file]);
    }
  }
};
walk(corpus);

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const hashes = new Map(); // a corpus file's hash, computed once it is needed
const copies = [];
for (const name of tracked) {
  const file = path.join(root, name);
  let size;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) continue;
    size = stat.size;
  } catch {
    continue; // deleted in the work tree
  }
  const candidates = bySize.get(size);
  if (!candidates) continue;
  const ours = sha256(file);
  for (const other of candidates) {
    if (!hashes.has(other)) hashes.set(other, sha256(other));
    if (hashes.get(other) === ours) copies.push(`${name} = ${path.relative(corpus, other)}`);
  }
}

const count = [...bySize.values()].reduce((n, files) => n + files.length, 0);
if (copies.length === 0) {
  console.log(`check-no-copies: none of ${tracked.length} tracked files equals one of the ${count} files under ${corpus}`);
} else {
  console.error(`check-no-copies: ${copies.length} tracked file(s) equal to a file under ${corpus}:`);
  for (const line of copies) console.error(`  ${line}`);
  console.error("Read it from the corpus where it lies, or make the fixture in the test (tests/fixtures/).");
  process.exit(1);
}
