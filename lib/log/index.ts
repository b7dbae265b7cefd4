import pino, { type LevelWithSilent, type Logger } from "pino";
import { RotatingFile } from "./rotating-file";

const LEVELS: Record<LevelWithSilent, number> = { ...pino.levels.values, silent: Number.POSITIVE_INFINITY } as Record<
  LevelWithSilent,
  number
>;

const stdout = pino.destination(1);
/** What each logger with a level of its own shows on stdout (the root's, and a child such as the learn worker's). */
const stdoutLevels = new Map<Logger, LevelWithSilent>();
let file: { out: RotatingFile; level: LevelWithSilent } | null = null;

/**
 * Every line goes to stdout at its logger's level and, while a log file is set (the service configuration's file
 * logging, lib/config/live.ts), to that file at the file's level. pino tells the stream each line's level and logger.
 */
const tee = {
  [Symbol.for("pino.metadata")]: true,
  lastLevel: 0,
  lastLogger: undefined as Logger | undefined,
  write(line: string) {
    const level = this.lastLevel;
    const own = (this.lastLogger && stdoutLevels.get(this.lastLogger)) ?? stdoutLevels.get(log) ?? "info";
    if (level >= LEVELS[own]) stdout.write(line);
    if (file && level >= LEVELS[file.level]) writeToFile(file, line);
  },
};

function writeToFile(target: NonNullable<typeof file>, line: string): void {
  try {
    target.out.write(line);
  } catch (err) {
    // a full disk or a removed folder must not fail the call that logs: the file stops, stdout says why
    setLogFile(null);
    log.error({ err, file: target.out.file }, "log file stopped");
  }
}

/** Structured JSON logs on stdout (and the log file, when one is set); one line per API call carries its request id. */
export const log = pino(
  {
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "docservice" },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  tee,
);
stdoutLevels.set(log, log.level as LevelWithSilent);

/** A logger produces what stdout or the file takes from it: the lower of the two levels. */
function apply(logger: Logger): void {
  const own = stdoutLevels.get(logger) ?? "info";
  logger.level = file && LEVELS[file.level] < LEVELS[own] ? file.level : own;
}

/** The level a logger shows on stdout (the worker configuration's logLevel, or LOG_LEVEL). */
export function stdoutLevel(logger: Logger = log): LevelWithSilent {
  return stdoutLevels.get(logger) ?? stdoutLevels.get(log) ?? "info";
}

export function setStdoutLevel(logger: Logger, level: LevelWithSilent): void {
  stdoutLevels.set(logger, level);
  apply(logger);
}

/** The log file and its level, or none; a file that cannot be opened is reported on stdout and left out. */
export function setLogFile(target: { path: string; level: LevelWithSilent } | null): void {
  if (file && target && file.out.file === target.path) {
    file.level = target.level;
  } else {
    const previous = file;
    file = null;
    previous?.out.close();
    if (target) {
      try {
        file = { out: new RotatingFile(target.path), level: target.level };
      } catch (err) {
        log.error({ err, file: target.path }, "log file cannot be opened");
      }
    }
  }
  for (const logger of stdoutLevels.keys()) apply(logger);
}

/** The log file being written, and its level (null: none). */
export function logFile(): { path: string; level: LevelWithSilent } | null {
  return file && { path: file.out.file, level: file.level };
}
