import type { z } from "zod";
import type { Database } from "@/db/client";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { systemForCaller } from "@/lib/auth/tenancy";
import { requireCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { parseInput } from "@/lib/errors/envelope";
import { assertCleanStrings } from "@/lib/input/clean-strings";

/**
 * The one way a server action is built (the idea of dub's `authActionClient.inputSchema(schema).action(…)`,
 * small): it parses the input with the form's zod schema (every issue at once, each with its field), runs
 * the service inside runAction's error mapping and answers a typed ActionResult. A form calls it with its
 * values; the service behind it validates again, because the REST routes call it too.
 */
type Action<S extends z.ZodType, T> = (input: z.input<S>) => Promise<ActionResult<T>>;

/** A form's input as its schema reads it; a NUL or a lone surrogate is refused here, as the REST layer does. */
function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertCleanStrings(input);
  return parseInput(schema, input);
}

/** For the pages without a session (sign-in, mailed links): the token in the input is the proof. */
export function publicAction<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.output<S>, ctx: { db: Database }) => Promise<T>,
): Action<S, T> {
  return (input) => runAction(async () => run(parseForm(schema, input), { db: await getDb() }));
}

export type AuthContext = { db: Database; caller: Caller };

/**
 * For a signed-in user. With `inSystem`, the caller acts in the portal of the system the input names and
 * is recorded as its deputy when that is not its own system (resolved here, once, for every such action).
 */
export function authAction<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.output<S>, ctx: AuthContext) => Promise<T>,
  options: { inSystem?: (input: z.output<S>) => string } = {},
): Action<S, T> {
  return (input) =>
    runAction(async () => {
      const caller = await requireCaller();
      const parsed = parseForm(schema, input);
      const db = await getDb();
      const systemName = options.inSystem?.(parsed);
      return run(parsed, { db, caller: systemName === undefined ? caller : await callerIn(db, caller, systemName) });
    });
}

/** The service behind the action decides who may (its refusal names the thing acted on): here only the system is found. */
async function callerIn(db: Database, caller: Caller, systemName: string): Promise<Caller> {
  return actingIn(caller, await systemForCaller(db, caller, { name: systemName }, { may: () => true }));
}
