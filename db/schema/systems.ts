import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const SYSTEM_TYPES = ["CSB", "Local", "Super"] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

export const systems = pgTable(
  "systems",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: SYSTEM_TYPES }).notNull().default("Local"),
    isActive: boolean("is_active").notNull().default(true),
    canReadGlobalResources: boolean("can_read_global_resources").notNull().default(false),
    activationCode: text("activation_code"),
    licenceId: text("licence_id"),
    derpcsUrl: text("derpcs_url"),
    // secrets are stored encrypted (lib/crypto/secrets.ts), never in clear
    ccsApiKeyEnc: text("ccs_api_key_enc"),
    csbUrl: text("csb_url"),
    csbUser: text("csb_user"),
    csbPasswordEnc: text("csb_password_enc"),
    csbSystem: text("csb_system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("systems_name_lower_idx").on(sql`lower(${t.name})`)],
);

export type System = typeof systems.$inferSelect;
export type NewSystem = typeof systems.$inferInsert;
