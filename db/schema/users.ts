import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { systems } from "./systems";

export const USER_TYPES = ["Local", "Super", "CSB", "DesignerTest"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const LANGUAGES = ["en-US", "de-DE"] as const;
export type Language = (typeof LANGUAGES)[number];

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    // spec foundation §5: user names are case-sensitive
    name: text("name").notNull(),
    fullName: text("full_name").notNull().default(""),
    emailAddress: text("email_address"),
    isActive: boolean("is_active").notNull().default(true),
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    language: text("language", { enum: LANGUAGES }).notNull().default("en-US"),
    requiresPasswordChange: boolean("requires_password_change").notNull().default(false),
    type: text("type", { enum: USER_TYPES }).notNull().default("Local"),
    passwordHash: text("password_hash"),
    failedAccessCount: integer("failed_access_count").notNull().default(0),
    lockoutEnd: timestamp("lockout_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_system_name_idx").on(t.systemId, t.name),
    index("users_email_lower_idx").on(sql`lower(${t.emailAddress})`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
