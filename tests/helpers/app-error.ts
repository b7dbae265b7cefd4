import { AppError } from "@/lib/errors/app-error";

/** The AppError that `fn` throws; anything else thrown fails the test, and so does nothing thrown. */
export function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}
