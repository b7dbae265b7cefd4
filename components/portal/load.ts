import { notFound } from "next/navigation";
import { shownErrors } from "@/lib/errors/action";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";

/** A page's read: its value, or why it failed (shown by LoadFailed, ./load-failed.tsx, as the area's `*_error_load`). */
export type Loaded<T> = { value: T } | { errors: ErrorEntry[] };

/**
 * The one way a page reads what it shows and survives a failed read: an AppError becomes its entries, anything else
 * is logged (as `what`) and shown as InternalError (lib/errors/action.ts shownErrors). The codes of `notFound` (a
 * task, a project that is not the page's) are the page's not-found instead.
 */
export async function loadOrErrors<T>(
  read: () => Promise<T>,
  opts: { what: string; notFound?: readonly ErrorCode[] },
): Promise<Loaded<T>> {
  try {
    return { value: await read() };
  } catch (error) {
    const errors = shownErrors(error, `${opts.what}: read failed`);
    if (errors.some((e) => opts.notFound?.includes(e.code))) notFound();
    return { errors };
  }
}
