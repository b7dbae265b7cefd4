import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Issue 26 §3: API keys for machines. A key acts with its user's roles wherever a token works (`Authorization: Bearer
 * <key>`); it is stored hashed (sha-256, as tokens are) and shown once, when it is made. A password lockout does not
 * stop it; deactivating the user or the system does, and deleting the user removes its keys.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the key's first characters, to tell keys apart in lists (`dsk_Ab12Cd34`) */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    /** when a call last used it (kept to the minute) */
    lastUsed: timestamp("last_used", { withTimezone: true }),
    /** null: it does not expire */
    expires: timestamp("expires", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
