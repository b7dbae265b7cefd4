import { ERROR_CODES, type ErrorCode } from "./codes";

export type ErrorParams = Record<string, string | number>;
export type ErrorEntry = { code: ErrorCode; params?: ErrorParams };

/** The one error type of the service layer; route handlers and actions map it to the envelope. */
export class AppError extends Error {
  readonly entries: ErrorEntry[];
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, params?: ErrorParams, options?: { headers?: Record<string, string> }) {
    super(code);
    this.name = "AppError";
    this.entries = [{ code, params }];
    this.status = ERROR_CODES[code].status;
    this.headers = options?.headers ?? {};
  }

  /** several validation errors at once; the status is the first entry's */
  static many(entries: ErrorEntry[]): AppError {
    const [first, ...rest] = entries;
    if (!first) throw new Error("AppError.many needs at least one entry");
    const error = new AppError(first.code, first.params);
    error.entries.push(...rest);
    return error;
  }

  get code(): ErrorCode {
    return this.entries[0]?.code ?? "BadRequest";
  }
}
