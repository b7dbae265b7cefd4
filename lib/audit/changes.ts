/** One changed field of an audit row: what it was and what it is now. */
export type FieldChange = { before: unknown; after: unknown };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` whose value differs from the one in `before`, each as `{ before, after }` (lists and objects
 * compared by their JSON); the fields that stay are left out. An empty result: the save changed nothing.
 */
export function fieldChanges(before: object, after: object): Record<string, FieldChange> {
  const was = before as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || same(was[key], value)) continue;
    changes[key] = { before: was[key] ?? null, after: value };
  }
  return changes;
}
