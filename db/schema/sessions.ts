import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** One sign-in: a REST token holder or a browser session (DESIGN.md "Tokens"). */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["api", "web"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    refreshTokenHash: text("refresh_token_hash"),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    refreshValidUntil: timestamp("refresh_valid_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    uniqueIndex("sessions_refresh_hash_idx").on(t.refreshTokenHash),
    index("sessions_user_idx").on(t.userId),
  ],
);

export type Session = typeof sessions.$inferSelect;
