import type Tesseract from "tesseract.js";
import { describe, expect, it } from "vitest";
import { WorkerPool } from "./ocr";

/**
 * The pool against workers that behave as tesseract.js' do after `terminate()`: a call posts to the ended thread, and
 * its promise never settles (createWorker.js startJob, worker/node/send.js). The real engine's abort is in
 * bounds.test.ts; here the order of events is fixed, which the real one leaves to timing.
 */
class FakeWorker {
  ended = false;
  callsAfterEnd = 0;
  calls = 0;

  recognize = (): Promise<Tesseract.RecognizeResult> => {
    if (this.ended) {
      this.callsAfterEnd++;
      return new Promise(() => undefined);
    }
    this.calls++;
    return Promise.resolve({ jobId: "j", data: { text: "read", confidence: 90 } } as unknown as Tesseract.RecognizeResult);
  };

  detect = (): Promise<Tesseract.DetectResult> => this.recognize() as unknown as Promise<Tesseract.DetectResult>;

  terminate = (): Promise<Tesseract.ConfigResult> => {
    this.ended = true;
    return Promise.resolve({ jobId: "t", data: {} } as Tesseract.ConfigResult);
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  const found = { resolve: () => {} };
  const promise = new Promise<void>((r) => {
    found.resolve = r;
  });
  return { promise, resolve: () => found.resolve() };
}

/** A pool of one worker, and the fake workers it made. */
function poolOfOne(): { pool: WorkerPool<FakeWorker>; made: FakeWorker[] } {
  const made: FakeWorker[] = [];
  const pool = new WorkerPool(async () => {
    const worker = new FakeWorker();
    made.push(worker);
    return worker;
  }, 1);
  return { pool, made };
}

describe("WorkerPool", () => {
  it("ends the worker of an abandoned page, refuses what that page asks later, and gives the next page a new worker", async () => {
    const { pool, made } = poolOfOne();
    const controller = new AbortController();
    const orientationFound = deferred();
    let lateCall: Promise<unknown> | undefined;
    const page = pool.use(async (lease) => {
      // as readPage: the orientation first (another pool), then the text on this worker
      await orientationFound.promise;
      lateCall = lease.recognize(Buffer.from("page"));
      return lateCall;
    }, controller.signal);
    // a second page waits for the only worker
    const next = pool.use((lease) => lease.recognize(Buffer.from("next")));
    await new Promise((r) => setTimeout(r, 0));
    controller.abort(new Error("time is up"));
    await expect(page).rejects.toThrow("time is up");
    expect(made[0]?.ended).toBe(true);

    orientationFound.resolve();
    await new Promise((r) => setTimeout(r, 0));
    await expect(lateCall).rejects.toThrow("time is up");
    expect(made[0]?.callsAfterEnd).toBe(0);

    await expect(next).resolves.toMatchObject({ data: { text: "read" } });
    expect(made).toHaveLength(2);
    expect(made[1]?.calls).toBe(1);
  });

  it("keeps the worker of a page that ends before its time", async () => {
    const { pool, made } = poolOfOne();
    const controller = new AbortController();
    await pool.use((lease) => lease.recognize(Buffer.from("a")), controller.signal);
    controller.abort(new Error("later"));
    await pool.use((lease) => lease.recognize(Buffer.from("b")));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ ended: false, calls: 2 });
  });
});
