/**
 * The entry of a bench's TypeScript helper (bench/jobs-helper.ts, bench/load/helper.ts), run by bench/processes.mjs's
 * runHelper as `node --import tsx <file> <command>`: runs the command named by the first argument and exits 0, or 1
 * when it fails, or 2 when there is no such command.
 */
export function runCommand(name: string, commands: Record<string, () => Promise<void>>): void {
  const command = process.argv[2];
  const run = command ? commands[command] : undefined;
  if (!run) {
    process.stderr.write(`${name}: unknown command ${command}; one of ${Object.keys(commands).join(", ")}\n`);
    process.exit(2);
  }
  run()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
