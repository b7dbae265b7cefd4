import { type FeatureStatus, isPastDay, type LicenceFeatureSpec } from "./file";

/**
 * Feature counting and virtual-licence resolution (spec foundation §3 Feature, §4 Licence; DESIGN.md
 * "Licence file"). Pure: usage comes from the caller, which counts it per licence, feature and period.
 */

/** the counting period a usage belongs to (UTC): "all" for Unlimited and Limited, "YYYY" for LimitedYear, "YYYY-MM" for LimitedMonth */
export function periodKey(status: FeatureStatus, now: Date): string {
  const iso = now.toISOString();
  switch (status) {
    case "LimitedYear":
      return iso.slice(0, 4);
    case "LimitedMonth":
      return iso.slice(0, 7);
    default:
      return "all";
  }
}

export type FeatureState = {
  id: string;
  status: FeatureStatus;
  limit: number | null;
  usage: number;
  expiration: string | null;
  isAvailable: boolean;
};

/**
 * A feature as the API shows it. Available = not past its own expiration (YYYY-MM-DD, last valid day, UTC)
 * and either Unlimited or its usage below the limit. A limited feature without a limit (the file schema
 * refuses those) counts as not available.
 */
export function featureState(spec: LicenceFeatureSpec, usage: number, now: Date): FeatureState {
  const expired = spec.expiration !== null && isPastDay(spec.expiration, now);
  const withinLimit = spec.status === "Unlimited" || (spec.limit !== null && usage < spec.limit);
  return {
    id: spec.id,
    status: spec.status,
    limit: spec.limit,
    usage,
    expiration: spec.expiration,
    isAvailable: !expired && withinLimit,
  };
}

/** what is left of the limit in the current period, never below 0; null for Unlimited (no limit) */
export function remaining(spec: LicenceFeatureSpec, usage: number): number | null {
  if (spec.status === "Unlimited") return null;
  return Math.max(0, (spec.limit ?? 0) - usage);
}

export type LicenceNode = {
  id: string;
  /** YYYY-MM-DD, last valid day; for a virtual licence not consulted (its children's count) */
  expiration: string;
  features: LicenceFeatureSpec[];
  /** child licence ids in order, primary first (virtual licences only) */
  children: string[];
  isVirtual: boolean;
};

export type UsageOf = (licenceId: string, featureId: string, status: FeatureStatus) => number;

/**
 * The licence that serves `featureId` for `licenceId`, with the feature's state there, or null when none can.
 * A physical licence serves it when it has the feature, is not itself expired and the feature is available.
 * A virtual licence serves it from its first child, in order and recursively, that can (primary, then
 * fallback). Unknown ids serve nothing; a cycle is cut by visiting each licence once.
 */
export function resolveFeature(
  nodes: ReadonlyMap<string, LicenceNode>,
  licenceId: string,
  featureId: string,
  usageOf: UsageOf,
  now: Date,
): { licenceId: string; state: FeatureState } | null {
  const visited = new Set<string>();
  const visit = (id: string): { licenceId: string; state: FeatureState } | null => {
    if (visited.has(id)) return null;
    visited.add(id);
    const node = nodes.get(id);
    if (!node) return null;
    if (node.isVirtual) {
      for (const child of node.children) {
        const served = visit(child);
        if (served) return served;
      }
      return null;
    }
    if (isPastDay(node.expiration, now)) return null;
    const spec = node.features.find((feature) => feature.id === featureId);
    if (!spec) return null;
    const state = featureState(spec, usageOf(node.id, featureId, spec.status), now);
    return state.isAvailable ? { licenceId: node.id, state } : null;
  };
  return visit(licenceId);
}

/**
 * True when making `childIds` the children of `parentId` would create a cycle: a child is the parent itself,
 * or the parent can be reached from a child through the children of the licences in `nodes`.
 */
export function wouldCreateCycle(
  nodes: ReadonlyMap<string, LicenceNode>,
  parentId: string,
  childIds: readonly string[],
): boolean {
  const visited = new Set<string>();
  const stack = [...childIds];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === parentId) return true;
    if (visited.has(id)) continue;
    visited.add(id);
    stack.push(...(nodes.get(id)?.children ?? []));
  }
  return false;
}
