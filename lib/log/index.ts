import pino, { type LevelWithSilent, type Logger } from "pino";
import { RotatingFile } from "./rotating-file";

const LEVELS: Record<LevelWithSilent, number> = { ...pino.levels.values, silent: Number.POSITIVE_INFINITY } as Record<
  LevelWithSilent,
  number
>;

type LogFile = { out: RotatingFile; level: LevelWithSilent };

/**
 * The log's settings, one set per process. Next loads this module once per module graph (instrumentation.ts with the
 * workers it starts, the route handlers), each copy with variables of its own: a log file set by the workers' start
 * was once written only by their copy, and the API's lines reached it only after a save of the service configuration.
 * So the file, the level on stdout and the loggers that follow them live on globalThis, as the database's start does
 * (lib/db.ts).
 */
type Shared = {
  file: LogFile | null;
  /** what the root logger of every copy shows on stdout (LOG_LEVEL, or the worker configuration's logLevel) */
  rootLevel: LevelWithSilent;
  /** the root logger of every copy */
  roots: Set<Logger>;
  /** the loggers with a level of their own on stdout (a child such as the learn worker's) */
  own: Map<Logger, LevelWithSilent>;
};
const g = globalThis as typeof globalThis & { __docserviceLog?: Shared };
g.__docserviceLog ??= {
  file: null,
  rootLevel: (process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info")) as LevelWithSilent,
  roots: new Set(),
  own: new Map(),
};
const shared = g.__docserviceLog;

const stdout = pino.destination(1);

/**
 * Every line goes to stdout at its logger's level and, while a log file is set (the service configuration's file
 * logging, lib/settings/live.ts), to that file at the file's level. pino tells the stream each line's level and logger.
 */
const tee = {
  [Symbol.for("pino.metadata")]: true,
  lastLevel: 0,
  lastLogger: undefined as Logger | undefined,
  write(line: string) {
    const level = this.lastLevel;
    const own = (this.lastLogger && shared.own.get(this.lastLogger)) ?? shared.rootLevel;
    if (level >= LEVELS[own]) stdout.write(line);
    if (shared.file && level >= LEVELS[shared.file.level]) writeToFile(shared.file, line);
  },
};

function writeToFile(target: LogFile, line: string): void {
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
    level: shared.rootLevel,
    base: { service: "docservice" },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  tee,
);
shared.roots.add(log);
apply(log);

/** A logger produces what stdout or the file takes from it: the lower of the two levels. */
function apply(logger: Logger): void {
  const own = shared.own.get(logger) ?? shared.rootLevel;
  logger.level = shared.file && LEVELS[shared.file.level] < LEVELS[own] ? shared.file.level : own;
}

function applyAll(): void {
  for (const logger of shared.roots) apply(logger);
  for (const logger of shared.own.keys()) apply(logger);
}

/** The level a logger shows on stdout (the worker configuration's logLevel, or LOG_LEVEL). */
export function stdoutLevel(logger: Logger = log): LevelWithSilent {
  return shared.own.get(logger) ?? shared.rootLevel;
}

/** A root logger's level is every copy's root level; any other logger's is its own. */
export function setStdoutLevel(logger: Logger, level: LevelWithSilent): void {
  if (shared.roots.has(logger)) shared.rootLevel = level;
  else shared.own.set(logger, level);
  applyAll();
}

/** The log file and its level, or none; a file that cannot be opened is reported on stdout and left out. */
export function setLogFile(target: { path: string; level: LevelWithSilent } | null): void {
  if (shared.file && target && shared.file.out.file === target.path) {
    shared.file.level = target.level;
  } else {
    const previous = shared.file;
    shared.file = null;
    previous?.out.close();
    if (target) {
      try {
        shared.file = { out: new RotatingFile(target.path), level: target.level };
      } catch (err) {
        log.error({ err, file: target.path }, "log file cannot be opened");
      }
    }
  }
  applyAll();
}

/** The log file being written, and its level (null: none). */
export function logFile(): { path: string; level: LevelWithSilent } | null {
  return shared.file && { path: shared.file.out.file, level: shared.file.level };
}
