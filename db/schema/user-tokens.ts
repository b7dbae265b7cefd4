import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const USER_TOKEN_PURPOSES = ["resetPassword", "changePassword", "changeEmail"] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** Mailed links (spec foundation §2 reset / change via link / confirm e-mail): single-use, expiring, stored hashed. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** the address an e-mail change confirms */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_tokens_hash_idx").on(t.tokenHash), index("user_tokens_user_idx").on(t.userId)],
);

export type UserToken = typeof userTokens.$inferSelect;
