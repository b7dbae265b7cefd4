import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Issue 26 §2: the answers of creating calls sent with an `Idempotency-Key` header (lib/api/idempotency.ts). One row
 * per caller and key: taken (`status` null) before the call runs, then holding the answer, sealed (it may carry a key:
 * a job's `auth`), and the fingerprint of the request it answered. Rows older than 24 h count as absent and are
 * removed as new keys come.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** who sent it: `user:{id}` for a token or session, `key:{hash}` for a submission key */
    owner: text("owner").notNull(),
    key: text("key").notNull(),
    /** `POST /api/jobs`: the same key on another call is a reuse */
    operation: text("operation").notNull(),
    /** sha-256 of the request body (a multipart body without its boundary); null until the body was read */
    fingerprint: text("fingerprint"),
    /** the answer's status; null while the first call with the key runs */
    status: integer("status"),
    /** the answer's body, sealed (lib/crypto/secrets.ts) */
    response: text("response"),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index("idempotency_keys_created_idx").on(t.created)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
