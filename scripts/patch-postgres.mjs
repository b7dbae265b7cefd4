// Mends a defect of postgres.js 3.4.x (porsager/postgres#1154, #1208, unfixed in 3.4.9) after every install
// (package.json "postinstall"): a connection that loses its socket while a small write waits for setImmediate
//   1. keeps the cancelled timer in `nextWriteTimer`, so it never schedules a write again: every later query on it
//      waits forever (a request that hangs, a worker slot that never ends), and
//   2. may run that write on a null socket: an uncaught TypeError that ends the whole process (a worker died this way in
//      the PostgreSQL-restart reliability test).
//   3. (found while testing the mend) a query sent between the socket's error event and its close is never answered.
// The mend: teardown forgets the timer and the bytes meant for the lost socket, the close fails every query still
// waiting, and a write without a socket fails them with CONNECTION_CLOSED (which the caller sees and retries) instead
// of throwing in a timer, and hands the connection back to the pool as closed, so that the next query connects anew
// (a reserved or transaction connection is released into the pool as open even when its socket is gone).
// Idempotent; a driver whose code differs (a newer version) is left alone with a warning.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const MARK = "/* docservice: nextWrite mend */";
const root = path.resolve(import.meta.dirname, "..", "node_modules", "postgres");
const files = ["src/connection.js", "cjs/src/connection.js"].map((f) => path.join(root, f));

const replacements = [
  // teardown (terminate and closed): the cancelled timer and the lost socket's bytes are forgotten
  ["    clearImmediate(nextWriteTimer)\n", "    clearImmediate(nextWriteTimer), nextWriteTimer = chunk = null\n", 2],
  [
    "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n",
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      const lost = Errors.connection('CONNECTION_CLOSED', options)\n      error(lost)\n      onclose(connection, lost)\n      return false\n    }\n    const x = socket.write(chunk, fn)\n`,
    1,
  ],
  // a close after an error event: queries sent since that event (which failed the ones before) fail too, else they
  // wait forever for an answer on a socket that is gone
  [
    "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    "    if (query || sent.length) error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    1,
  ],
];

export function patch(source) {
  if (source.includes(MARK)) return { source, state: "already mended" };
  let out = source;
  for (const [from, to, count] of replacements) {
    const found = out.split(from).length - 1;
    if (found !== count) return { source, state: `unknown code (${found} × ${JSON.stringify(from.trim())})` };
    out = out.split(from).join(to);
  }
  return { source: out, state: "mended" };
}

for (const file of files) {
  if (!existsSync(file)) continue;
  const { source, state } = patch(readFileSync(file, "utf8"));
  if (state === "mended") writeFileSync(file, source);
  const note = `postgres.js ${path.relative(root, file)}: ${state}`;
  if (state.startsWith("unknown")) console.warn(`${note}; the nextWrite defect may be back (scripts/patch-postgres.mjs)`);
  else console.log(note);
}
