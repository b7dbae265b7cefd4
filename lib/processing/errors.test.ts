import { describe, expect, it } from "vitest";
import { untilAborted } from "./errors";

describe("untilAborted: a document's work against its time limit", () => {
  it("answers the work's result while the time lasts", async () => {
    expect(await untilAborted(Promise.resolve(7), AbortSignal.timeout(1000))).toBe(7);
    expect(await untilAborted(Promise.resolve(8), undefined)).toBe(8);
  });

  it("answers the abort at once and leaves the work running unwatched", async () => {
    const controller = new AbortController();
    let fail!: (error: Error) => void;
    const work = new Promise<number>((_, reject) => {
      fail = reject;
    });
    const watched = untilAborted(work, controller.signal);
    controller.abort(new Error("time is up"));
    await expect(watched).rejects.toThrow("time is up");
    // the work fails later: nobody waits for it, and it is no unhandled rejection (vitest would fail the run)
    fail(new Error("the worker was ended"));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it("does not leave a work begun after the abort unhandled either", async () => {
    const controller = new AbortController();
    controller.abort(new Error("time was up"));
    const work = new Promise<number>((_, reject) => setTimeout(() => reject(new Error("ended worker")), 5));
    await expect(untilAborted(work, controller.signal)).rejects.toThrow("time was up");
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
