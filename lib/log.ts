import pino from "pino";

/** Structured JSON logs on stdout; one line per API call carries its request id. */
export const log = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "docservice" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
