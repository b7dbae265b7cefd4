import { describe, expect, it } from "vitest";
import { featureState, type LicenceNode, periodKey, remaining, resolveFeature, type UsageOf, wouldCreateCycle } from "./features";
import type { LicenceFeatureSpec } from "./file";

const NOW = new Date("2025-03-10T12:00:00Z");

const pages = (limit: number | null, extra: Partial<LicenceFeatureSpec> = {}): LicenceFeatureSpec => ({
  id: "Pages",
  status: "Limited",
  limit,
  expiration: null,
  ...extra,
});

describe("periodKey", () => {
  it("all for Unlimited and Limited, the UTC year or month otherwise", () => {
    expect(periodKey("Unlimited", NOW)).toBe("all");
    expect(periodKey("Limited", NOW)).toBe("all");
    expect(periodKey("LimitedYear", NOW)).toBe("2025");
    expect(periodKey("LimitedMonth", NOW)).toBe("2025-03");
  });

  it("uses UTC at the turn of the month and year", () => {
    // 01:00 in Berlin on 1 January is still 31 December in UTC
    const newYearBerlin = new Date("2026-01-01T00:30:00+01:00");
    expect(periodKey("LimitedYear", newYearBerlin)).toBe("2025");
    expect(periodKey("LimitedMonth", newYearBerlin)).toBe("2025-12");
    expect(periodKey("LimitedMonth", new Date("2026-01-01T00:00:00Z"))).toBe("2026-01");
  });
});

describe("featureState and remaining", () => {
  it("a limited feature is available while its usage is below the limit", () => {
    expect(featureState(pages(10), 9, NOW)).toEqual({
      id: "Pages",
      status: "Limited",
      limit: 10,
      usage: 9,
      expiration: null,
      isAvailable: true,
    });
    expect(featureState(pages(10), 10, NOW).isAvailable).toBe(false);
    expect(featureState(pages(10), 11, NOW).isAvailable).toBe(false);
    expect(featureState(pages(0), 0, NOW).isAvailable).toBe(false);
    expect(featureState(pages(null), 0, NOW).isAvailable).toBe(false);
  });

  it("Unlimited is available at any usage", () => {
    expect(featureState(pages(null, { status: "Unlimited" }), 1_000_000, NOW).isAvailable).toBe(true);
  });

  it("a feature past its own expiration is not available; on that day it still is", () => {
    expect(featureState(pages(10, { expiration: "2025-03-09" }), 0, NOW).isAvailable).toBe(false);
    expect(featureState(pages(null, { status: "Unlimited", expiration: "2025-03-09" }), 0, NOW).isAvailable).toBe(false);
    expect(featureState(pages(10, { expiration: "2025-03-10" }), 0, NOW).isAvailable).toBe(true);
  });

  it("remaining: what is left, never below 0; null when unlimited", () => {
    expect(remaining(pages(10), 3)).toBe(7);
    expect(remaining(pages(10), 10)).toBe(0);
    expect(remaining(pages(10), 12)).toBe(0);
    expect(remaining(pages(null, { status: "Unlimited" }), 12)).toBeNull();
  });
});

function physical(id: string, features: LicenceFeatureSpec[], expiration = "2030-01-01"): LicenceNode {
  return { id, expiration, features, children: [], isVirtual: false };
}
function virtual(id: string, children: string[]): LicenceNode {
  return { id, expiration: "2030-01-01", features: [], children, isVirtual: true };
}
function graph(...nodes: LicenceNode[]): Map<string, LicenceNode> {
  return new Map(nodes.map((node) => [node.id, node]));
}
function usages(table: Record<string, number>): UsageOf {
  return (licenceId, featureId) => table[`${licenceId}/${featureId}`] ?? 0;
}

describe("resolveFeature", () => {
  const nodes = graph(
    physical("primary", [pages(100)]),
    physical("fallback", [pages(50), { id: "Jobs", status: "Unlimited", limit: null, expiration: null }]),
    virtual("v", ["primary", "fallback"]),
  );

  it("a physical licence serves its own feature while it is available", () => {
    expect(resolveFeature(nodes, "primary", "Pages", usages({}), NOW)).toEqual({
      licenceId: "primary",
      state: { id: "Pages", status: "Limited", limit: 100, usage: 0, expiration: null, isAvailable: true },
    });
    expect(resolveFeature(nodes, "primary", "Pages", usages({ "primary/Pages": 100 }), NOW)).toBeNull();
    expect(resolveFeature(nodes, "primary", "Jobs", usages({}), NOW)).toBeNull();
    expect(resolveFeature(nodes, "unknown", "Pages", usages({}), NOW)).toBeNull();
  });

  it("a virtual licence uses the primary until its limit, then the fallback", () => {
    expect(resolveFeature(nodes, "v", "Pages", usages({ "primary/Pages": 99 }), NOW)?.licenceId).toBe("primary");
    const served = resolveFeature(nodes, "v", "Pages", usages({ "primary/Pages": 100, "fallback/Pages": 7 }), NOW);
    expect(served?.licenceId).toBe("fallback");
    expect(served?.state.usage).toBe(7);
    expect(resolveFeature(nodes, "v", "Pages", usages({ "primary/Pages": 100, "fallback/Pages": 50 }), NOW)).toBeNull();
    // a feature only the fallback has
    expect(resolveFeature(nodes, "v", "Jobs", usages({}), NOW)?.licenceId).toBe("fallback");
  });

  it("asks usage by licence, feature and status", () => {
    const calls: string[] = [];
    const nodesMonthly = graph(physical("m", [pages(5, { status: "LimitedMonth" })]), virtual("v", ["m"]));
    resolveFeature(
      nodesMonthly,
      "v",
      "Pages",
      (licenceId, featureId, status) => {
        calls.push(`${licenceId}/${featureId}/${status}`);
        return 0;
      },
      NOW,
    );
    expect(calls).toEqual(["m/Pages/LimitedMonth"]);
  });

  it("skips an expired child and a child whose feature expired", () => {
    const withExpired = graph(
      physical("old", [pages(100)], "2025-03-09"),
      physical("stale", [pages(100, { expiration: "2025-03-01" })]),
      physical("fresh", [pages(100)]),
      physical("today", [pages(100)], "2025-03-10"),
      virtual("v", ["old", "stale", "fresh"]),
      virtual("w", ["today", "fresh"]),
    );
    expect(resolveFeature(withExpired, "v", "Pages", usages({}), NOW)?.licenceId).toBe("fresh");
    expect(resolveFeature(withExpired, "old", "Pages", usages({}), NOW)).toBeNull();
    // the expiration day itself is still valid
    expect(resolveFeature(withExpired, "w", "Pages", usages({}), NOW)?.licenceId).toBe("today");
  });

  it("resolves nested virtual licences depth first, in order", () => {
    const nested = graph(
      physical("a", [pages(10)]),
      physical("b", [pages(10)]),
      physical("c", [pages(10)]),
      virtual("inner", ["a", "b"]),
      virtual("outer", ["inner", "c"]),
    );
    expect(resolveFeature(nested, "outer", "Pages", usages({}), NOW)?.licenceId).toBe("a");
    expect(resolveFeature(nested, "outer", "Pages", usages({ "a/Pages": 10 }), NOW)?.licenceId).toBe("b");
    expect(resolveFeature(nested, "outer", "Pages", usages({ "a/Pages": 10, "b/Pages": 10 }), NOW)?.licenceId).toBe("c");
    expect(resolveFeature(nested, "outer", "Pages", usages({ "a/Pages": 10, "b/Pages": 10, "c/Pages": 10 }), NOW)).toBeNull();
  });

  it("terminates on a cycle in stored data", () => {
    const cyclic = graph(virtual("x", ["y"]), virtual("y", ["x", "p"]), physical("p", [pages(1)]), virtual("self", ["self"]));
    expect(resolveFeature(cyclic, "x", "Pages", usages({}), NOW)?.licenceId).toBe("p");
    expect(resolveFeature(cyclic, "x", "Pages", usages({ "p/Pages": 1 }), NOW)).toBeNull();
    expect(resolveFeature(cyclic, "self", "Pages", usages({}), NOW)).toBeNull();
  });
});

describe("wouldCreateCycle", () => {
  const nodes = graph(
    physical("p1", []),
    physical("p2", []),
    virtual("a", ["p1"]),
    virtual("b", ["a", "p2"]),
    virtual("c", ["b"]),
  );

  it("a licence cannot be its own child", () => {
    expect(wouldCreateCycle(nodes, "a", ["a"])).toBe(true);
    expect(wouldCreateCycle(nodes, "new", ["p1", "new"])).toBe(true);
  });

  it("a child that reaches the parent through its children is refused", () => {
    // b contains a, so a may not contain b; c contains b contains a, so a may not contain c
    expect(wouldCreateCycle(nodes, "a", ["b"])).toBe(true);
    expect(wouldCreateCycle(nodes, "a", ["p2", "c"])).toBe(true);
    expect(wouldCreateCycle(nodes, "b", ["c"])).toBe(true);
  });

  it("everything else is fine, including shared children and unknown ids", () => {
    expect(wouldCreateCycle(nodes, "c", ["b", "a", "p1"])).toBe(false);
    expect(wouldCreateCycle(nodes, "new", ["c", "b", "a"])).toBe(false);
    expect(wouldCreateCycle(nodes, "a", ["p1", "p2"])).toBe(false);
    expect(wouldCreateCycle(nodes, "a", ["missing"])).toBe(false);
    expect(wouldCreateCycle(nodes, "a", [])).toBe(false);
  });
});
