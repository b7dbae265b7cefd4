import { describe, expect, it } from "vitest";
import { inParallel } from "./in-parallel";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("inParallel: a job's documents read at once", () => {
  it("keeps at most `lanes` under way and answers the results in the items' order", async () => {
    let running = 0;
    let most = 0;
    const items = [30, 5, 20, 1, 10, 2, 8];
    const outcome = await inParallel(items, 3, async (ms) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(outcome).toEqual({ results: items.map((ms) => ms * 2) });
    expect(most).toBe(3);
  });

  it("answers the first failure with its item and starts no further item", async () => {
    const started: string[] = [];
    const outcome = await inParallel(["a", "bad", "c", "d", "e"], 2, async (name) => {
      started.push(name);
      await tick();
      if (name === "bad") throw new Error("unreadable");
      return name;
    });
    expect(outcome).toMatchObject({ failed: "bad", error: expect.objectContaining({ message: "unreadable" }) });
    // "a" and "bad" ran together; after the failure one more may have started in the free lane, never all
    expect(started.length).toBeLessThan(5);
  });

  it("runs one lane for no items or a single item", async () => {
    expect(await inParallel([], 4, async () => 1)).toEqual({ results: [] });
    expect(await inParallel(["x"], 4, async (x) => x)).toEqual({ results: ["x"] });
  });
});
