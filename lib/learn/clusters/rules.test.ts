import { describe, expect, it } from "vitest";
import type { AppError } from "@/lib/errors/app-error";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { assertClusterChangeable, lockedByOther } from "../access";
import {
  CLUSTER_LOCK_HEARTBEAT_MS,
  CLUSTER_LOCK_LAPSE_MS,
  clusterLabel,
  excerptOf,
  lockHeld,
  lockLapsed,
  mergedKeywords,
  mergedName,
} from "./rules";
import { ZLearnClusterMerge, ZLearnClusterUpdate } from "./schemas";

const free = { number: 7, name: null, lockedBy: null, lockedByName: null, lockedAt: null, lockSeen: null };
const annas = { ...free, lockedBy: "anna-id", lockedByName: "anna", lockedAt: new Date(), lockSeen: new Date() };

describe('cluster locks (docs/decisions.md "Learn clusters")', () => {
  it("a lock lapses once its holder was not seen for CLUSTER_LOCK_LAPSE_MS; a lapsed lock is nobody's", () => {
    const taken = new Date("2026-05-04T09:00:00Z");
    const at = (ms: number) => new Date(taken.getTime() + ms);
    const lock = { ...annas, lockedAt: taken, lockSeen: taken };
    expect(lockHeld(lock, at(CLUSTER_LOCK_LAPSE_MS - 1))).toBe(true);
    expect(lockHeld(lock, at(CLUSTER_LOCK_LAPSE_MS))).toBe(false);
    expect(lockLapsed(lock, at(CLUSTER_LOCK_LAPSE_MS))).toBe(true);
    expect(lockLapsed(free, at(CLUSTER_LOCK_LAPSE_MS))).toBe(false);
    // a heartbeat moves the lapse on; the page beats several times within one lapse
    const seen = { ...lock, lockSeen: at(CLUSTER_LOCK_LAPSE_MS) };
    expect(lockHeld(seen, at(CLUSTER_LOCK_LAPSE_MS + 1000))).toBe(true);
    expect(CLUSTER_LOCK_HEARTBEAT_MS * 4).toBeLessThanOrEqual(CLUSTER_LOCK_LAPSE_MS);
    // a lock from before heartbeats counts from when it was taken
    expect(lockHeld({ lockedAt: taken, lockSeen: null }, at(1000))).toBe(true);
    // ben may change a cluster whose lock of anna's has lapsed
    expect(lockedByOther(lock, "ben-id", at(CLUSTER_LOCK_LAPSE_MS))).toBe(false);
    expect(() => assertClusterChangeable(lock, "ben-id", at(CLUSTER_LOCK_LAPSE_MS))).not.toThrow();
    expect(() => assertClusterChangeable(lock, "ben-id", at(1000))).toThrow();
  });

  it("a lock is held while locked_at is set and its holder seen; its holder is not refused, anyone else is", () => {
    expect(lockedByOther(free, "ben-id")).toBe(false);
    expect(lockedByOther(annas, "anna-id")).toBe(false);
    expect(lockedByOther(annas, "ben-id")).toBe(true);
    // the holder was deleted: nobody's own
    expect(lockedByOther({ ...annas, lockedBy: null }, "anna-id")).toBe(true);
    expect(() => assertClusterChangeable(annas, "anna-id")).not.toThrow();
    try {
      assertClusterChangeable({ ...annas, name: "Invoices" }, "ben-id");
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).entries).toEqual([
        { code: "LearnClusterLocked", params: { cluster: "Invoices", user: "anna" } },
      ]);
    }
  });

  it('names a cluster by its name, else "Cluster 7": one name everywhere, as the portal names it in both languages', () => {
    expect(clusterLabel(free)).toBe("Cluster 7");
    expect(clusterLabel({ number: 7, name: "Invoices" })).toBe("Invoices");
    for (const messages of [en, de]) expect(messages.learnPortal.clusterNumber.replace("{number}", "7")).toBe("Cluster 7");
  });
});

describe("merging", () => {
  it("keeps the target's name, else the first named one's in the order given", () => {
    expect(mergedName([{ name: "A" }, { name: "B" }])).toBe("A");
    expect(mergedName([{ name: null }, { name: null }, { name: "C" }, { name: "B" }])).toBe("C");
    expect(mergedName([{ name: null }, { name: null }])).toBeNull();
  });

  it("keeps the target's keywords first, then the others' new ones (whatever their case), at most a limit", () => {
    expect(mergedKeywords([{ keywords: ["invoice", "vat"] }, { keywords: ["VAT", "total", "due"] }])).toEqual([
      "invoice",
      "vat",
      "total",
      "due",
    ]);
    expect(mergedKeywords([{ keywords: ["a", "b"] }, { keywords: ["c", "d"] }], 3)).toEqual(["a", "b", "c"]);
  });
});

describe("excerpts", () => {
  it("collapse white space and cut with an ellipsis, never inside a surrogate pair", () => {
    expect(excerptOf("  Invoice\n\n\tNo. 1  ", 50)).toBe("Invoice No. 1");
    expect(excerptOf("abcdef", 6)).toBe("abcdef");
    expect(excerptOf("abc def", 4)).toBe("abc…");
    expect(excerptOf("ab\u{1F4C4}cd", 3)).toBe("ab…");
  });
});

describe("cluster schemas", () => {
  it("PUT takes a trimmed name, empty or null for none, the complete mark, and needs one of them", () => {
    expect(ZLearnClusterUpdate.parse({ name: "  Invoices " })).toEqual({ name: "Invoices" });
    expect(ZLearnClusterUpdate.parse({ name: "  " })).toEqual({ name: null });
    expect(ZLearnClusterUpdate.parse({ name: null, complete: true })).toEqual({ name: null, complete: true });
    expect(ZLearnClusterUpdate.safeParse({}).success).toBe(false);
    expect(ZLearnClusterUpdate.safeParse({ name: "x".repeat(201) }).success).toBe(false);
  });

  it("merge takes 2 to 100 distinct ids", () => {
    const a = "8d2f6c1a-3b4e-4f5a-9c6d-7e8f9a0b1c2d";
    const b = "9e3a7d2b-4c5f-4a6b-8d7e-8f9a0b1c2d3e";
    expect(ZLearnClusterMerge.safeParse({ ids: [a, b] }).success).toBe(true);
    expect(ZLearnClusterMerge.safeParse({ ids: [a] }).success).toBe(false);
    expect(ZLearnClusterMerge.safeParse({ ids: [a, a] }).success).toBe(false);
  });
});
