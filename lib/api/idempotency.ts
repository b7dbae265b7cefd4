import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import type { Database } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { openSecret, sealSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";

/**
 * Issue 26 §2, intake a client can retry: a creating call (a contract with `idempotent`) sent with an
 * `Idempotency-Key` header answers, for the same key from the same caller within 24 h, the first call's answer — also
 * when the two arrive at once (the second waits for the first) — and 422 IdempotencyKeyReused when the key comes with
 * another request. Only a successful answer is kept: after an error the key is free again, so a corrected request may
 * use it. The design is in docs/decisions.md "Idempotent intake".
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** a key taken this long ago by a call that never answered (its process died) is taken over */
const ABANDONED_MS = 10 * 60 * 1000;
/** how long a second call waits for the first one's answer before 409 IdempotencyKeyInProgress */
const WAIT_MS = 120_000;
const POLL_MS = 100;
const KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** The request's Idempotency-Key, or null without one; a key that is not 1 to 255 visible ASCII characters is 400. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!KEY.test(key)) throw new AppError("InvalidIdempotencyKey");
  return key;
}

/**
 * The fingerprint of a request body, taken as the body is read by whoever reads it: sha-256 of its bytes, a multipart
 * body's without its boundary (a client's retry may choose another one for the same parts).
 */
export class BodyFingerprint {
  private readonly hash = createHash("sha256");
  private readonly boundary: Buffer | null;
  private tail = Buffer.alloc(0);
  private ended = false;
  private result: string | undefined;
  readonly request: NextRequest;

  constructor(req: NextRequest) {
    const type = req.headers.get("content-type") ?? "";
    const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
    this.boundary = boundary ? Buffer.from(`--${boundary}`) : null;
    if (!req.body) {
      this.ended = true;
      this.request = req;
      return;
    }
    const reader = req.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) {
          this.end();
          controller.close();
          return;
        }
        this.update(value);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    this.request = new NextRequest(req.url, {
      method: req.method,
      headers: req.headers,
      body,
      // a streamed request body (undici)
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
  }

  private update(chunk: Uint8Array): void {
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    let data = Buffer.concat([this.tail, chunk]);
    for (let at = data.indexOf(this.boundary); at >= 0; at = data.indexOf(this.boundary)) {
      this.hash.update(data.subarray(0, at));
      data = data.subarray(at + this.boundary.length);
    }
    // the end may be the start of a boundary that the next chunk completes
    const keep = Math.min(data.length, this.boundary.length - 1);
    this.hash.update(data.subarray(0, data.length - keep));
    this.tail = Buffer.from(data.subarray(data.length - keep));
  }

  private end(): void {
    if (this.ended) return;
    this.hash.update(this.tail);
    this.ended = true;
  }

  /** Reads what nobody read of the body (its bytes count all the same), then answers the fingerprint. */
  async digest(): Promise<string> {
    if (this.result !== undefined) return this.result;
    if (!this.ended && this.request.body && !this.request.bodyUsed) {
      const reader = this.request.body.getReader();
      while (!(await reader.read()).done) {
        // each chunk went through update()
      }
    }
    this.end();
    this.result = this.hash.digest("hex");
    return this.result;
  }
}

type Stored = { contentType: string; body: string };

function replay(row: { status: number | null; response: string | null }): Response {
  const stored = JSON.parse(openSecret(row.response ?? "")) as Stored;
  return new Response(stored.body, {
    status: row.status ?? 200,
    headers: { "content-type": stored.contentType, [REPLAYED_HEADER]: "true" },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call` once per owner and key: the first call takes the key and, when it answers 2xx, keeps its answer; a call
 * that finds the key taken reads its own body, waits for the first call's answer and answers it again (with the header
 * `Idempotent-Replayed: true`), or 422 when the key was sent with another request or for another operation.
 */
export async function runIdempotent(
  db: Database,
  opts: { owner: string; key: string; operation: string; fingerprint: BodyFingerprint },
  call: () => Promise<Response>,
): Promise<Response> {
  const { owner, key, operation, fingerprint } = opts;
  const mine = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // keys of other callers that lapsed go as new ones come (a few at a time: no request pays for a backlog)
    await db.execute(
      sql`delete from ${idempotencyKeys} where ctid in (select ctid from ${idempotencyKeys} where ${idempotencyKeys.created} < ${new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString()}::timestamptz limit 20)`,
    );
    const taken = await db
      .insert(idempotencyKeys)
      .values({ owner, key, operation })
      .onConflictDoNothing()
      .returning({ created: idempotencyKeys.created });
    if (taken.length) return runFirst(db, { mine, fingerprint }, call);
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (!row) continue; // the first call failed and freed the key meanwhile: take it
    const age = Date.now() - row.created.getTime();
    if (age > IDEMPOTENCY_TTL_MS || (row.status === null && age > ABANDONED_MS)) {
      await db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.created, row.created)));
      continue;
    }
    const print = await fingerprint.digest();
    if (row.operation !== operation || (row.fingerprint !== null && row.fingerprint !== print))
      throw new AppError("IdempotencyKeyReused", { key });
    if (row.status !== null) return replay(row);
    if (Date.now() > deadline) throw new AppError("IdempotencyKeyInProgress", { key }, { headers: { "retry-after": "1" } });
    await sleep(POLL_MS);
  }
}

async function runFirst(
  db: Database,
  { mine, fingerprint }: { mine: ReturnType<typeof and>; fingerprint: BodyFingerprint },
  call: () => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.status)));
    throw error;
  }
  if (!response.ok) {
    await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.status)));
    return response;
  }
  const body = await response.text();
  const contentType = response.headers.get("content-type") ?? "application/json";
  await db
    .update(idempotencyKeys)
    .set({
      fingerprint: await fingerprint.digest(),
      status: response.status,
      response: sealSecret(JSON.stringify({ contentType, body } satisfies Stored)),
    })
    .where(mine);
  return new Response(body, { status: response.status, headers: response.headers });
}
