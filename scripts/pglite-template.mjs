#!/usr/bin/env node
// Run after `next build`: an initialised, empty PGlite cluster as a tarball. A first start loads it
// instead of running initdb (about 0.7 s instead of 2.4 s here); migrations and seed still run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, process.env.NEXT_DIST_DIR || ".next", "pglite-template.tgz");
const db = await PGlite.create();
const dump = await db.dumpDataDir("gzip");
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
await db.close();
console.log(`PGlite template written: ${path.relative(root, target)} (${Math.round(dump.size / 1024)} KiB)`);
