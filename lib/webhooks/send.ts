import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { AddressRefused, checkLiteralHost, guardedLookup } from "./address";
import { signedHeaders } from "./signing";

/** Issue 26 §1: an attempt ends after 10 s, whatever it waits for (connection, answer, its body). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** what is read of an answer's body before the connection is closed: receivers answer at once, not with data */
const ANSWER_BYTES_MAX = 64 * 1024;

export type AttemptResult = {
  ok: boolean;
  /** the receiver's HTTP status; null when no answer came */
  status: number | null;
  durationMs: number;
  /** why it failed: Timeout, AddressRefused, Network, Redirect or Status, with a detail after a colon */
  error: string | null;
};

/**
 * One attempt of a delivery: a signed POST of the body. A 2xx delivers it; a redirect is not followed (it fails as
 * `Redirect`); every other answer, a timeout or a refused address fails it. Never throws.
 */
export function attemptDelivery(opts: {
  url: string;
  id: string;
  body: string;
  secrets: readonly string[];
  at?: Date;
  timeoutMs?: number;
}): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: took() });
    };
    let url: URL;
    try {
      url = new URL(opts.url);
      checkLiteralHost(url);
    } catch (err) {
      const refused = err instanceof AddressRefused;
      resolve({
        ok: false,
        status: null,
        durationMs: 0,
        error: refused ? `AddressRefused: ${err.address}` : "Network: invalid URL",
      });
      return;
    }
    const headers = {
      "content-type": "application/json",
      "user-agent": "docservice-webhooks/1",
      ...signedHeaders({ id: opts.id, at: opts.at ?? new Date(), body: opts.body, secrets: opts.secrets }),
    };
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(opts.body) },
      lookup: guardedLookup as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, status: null, error: "Timeout" });
    }, opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    request.on("response", (answer) => {
      const status = answer.statusCode ?? 0;
      let read = 0;
      answer.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_BYTES_MAX) answer.destroy();
      });
      const done = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status, error: null });
        else if (status >= 300 && status < 400)
          finish({ ok: false, status, error: answer.headers.location ? `Redirect: ${answer.headers.location}` : "Redirect" });
        else finish({ ok: false, status, error: `Status: ${status}` });
      };
      answer.on("end", done);
      answer.on("close", done);
      answer.on("error", done);
    });
    request.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof AddressRefused) finish({ ok: false, status: null, error: `AddressRefused: ${err.address}` });
      else finish({ ok: false, status: null, error: `Network: ${err.code ?? err.message}` });
    });
    request.end(opts.body);
  });
}
