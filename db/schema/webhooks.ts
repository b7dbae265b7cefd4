import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { projects } from "./projects";
import { systems } from "./systems";

/** Issue 26 §1: what a webhook may be told of (docs/decisions.md "Webhooks"); `webhook.test` is the test call's own. */
export const WEBHOOK_EVENTS = ["job.ready", "job.error", "job.removed", "learnrun.ready", "learnrun.error"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = "webhook.test";

/**
 * A system's webhook: the URL told of the events it names (of one project's jobs, or of all). The secret signs every
 * delivery (Standard Webhooks); it is sealed (lib/crypto/secrets.ts) and shown once. After a rotation the previous
 * secret signs too until `previousSecretUntil`, so that a receiver can switch without losing a delivery.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: uuid("system_id")
      .notNull()
      .references(() => systems.id, { onDelete: "cascade" }),
    /** null: the events of every project of the system */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    description: text("description").notNull().default(""),
    secretEnc: text("secret_enc").notNull(),
    previousSecretEnc: text("previous_secret_enc"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    /** a disabled webhook is told nothing: its owner switched it off, or it failed for 3 days (`disabledReason`) */
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason", { enum: ["Manual", "Failing"] }),
    /** the first failed attempt since the last delivered one (null: none failing) */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp("updated", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_system_idx").on(t.systemId)],
);

export type Webhook = typeof webhooks.$inferSelect;

export const WEBHOOK_DELIVERY_STATES = ["Pending", "Delivered", "Failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * The outbox (issue 26 §1): one row per event and webhook, written in the transaction of the state change (the
 * triggers of drizzle/0026) and sent by the workers (workers/webhooks). Its id is the `webhook-id` of every attempt;
 * `data` is the event's data as it was then, so that every attempt sends the same body.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    systemId: uuid("system_id").notNull(),
    event: text("event").notNull(),
    jobId: bigint("job_id", { mode: "number" }),
    learnRunId: bigint("learn_run_id", { mode: "number" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** when the event happened: the body's `timestamp` */
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
    state: text("state", { enum: WEBHOOK_DELIVERY_STATES }).notNull().default("Pending"),
    attempts: integer("attempts").notNull().default(0),
    /** when the next attempt is due (Pending) */
    nextAttempt: timestamp("next_attempt", { withTimezone: true }).defaultNow(),
    /** a worker sends it until then; after, another may (its worker died) */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttempt: timestamp("last_attempt", { withTimezone: true }),
    /** the receiver's HTTP status of the last attempt (null: no answer) */
    lastStatus: integer("last_status"),
    lastDurationMs: integer("last_duration_ms"),
    /** why the last attempt failed, when it did: a code of lib/webhooks/send.ts and its detail */
    lastError: text("last_error"),
  },
  (t) => [
    // a webhook's due deliveries, oldest first (workers/webhooks/sweep.ts claims per webhook)
    index("webhook_deliveries_pending_idx").on(t.webhookId, t.nextAttempt).where(sql`${t.state} = 'Pending'`),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.created.desc()),
    index("webhook_deliveries_created_idx").on(t.created),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
