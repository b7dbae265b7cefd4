import { z } from "zod";
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from "@/db/schema/webhooks";
import { zPage, zPageSize } from "@/lib/paging";

/** Issue 26 §1: what the webhook calls take and answer (docs/decisions.md "Webhooks"). */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** a system holds at most this many webhooks */
export const WEBHOOKS_PER_SYSTEM = 20;

const WEBHOOK_ID = "5b0e9c52-1d7a-4c3e-9f61-2a8b7c4d3e10";
const SYSTEM_ID = "0b6f8e1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
const DELIVERY_ID = "8c2d4e6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f";

const zUrl = z
  .url({ protocol: /^https?$/ })
  .max(WEBHOOK_URL_MAX)
  .meta({ description: "`https` or `http`; private, loopback and link-local addresses are refused (WEBHOOK_ALLOW_PRIVATE)" });
const zEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "InvalidChoice" }))
  .min(1, "Required")
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const ZWebhookInput = z
  .object({
    systemId: z.uuid({ error: "InvalidId" }),
    url: zUrl,
    events: zEvents,
    projectId: z.uuid({ error: "InvalidId" }).nullish().meta({ description: "only this project's jobs and runs" }),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  })
  .meta({
    id: "WebhookInput",
    examples: [
      {
        systemId: SYSTEM_ID,
        url: "https://erp.example.com/hooks/docservice",
        events: ["job.ready", "job.error"],
        description: "ERP import",
      },
    ],
  });
export type WebhookInput = z.infer<typeof ZWebhookInput>;

/** PUT: what is sent changes, the rest stays; `enabled: true` also starts a webhook the failures disabled again. */
export const ZWebhookUpdate = z
  .object({
    url: zUrl.optional(),
    events: zEvents.optional(),
    projectId: z.uuid({ error: "InvalidId" }).nullish(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "WebhookUpdate", examples: [{ events: ["job.ready", "job.error", "job.removed"], enabled: true }] });
export type WebhookUpdate = z.infer<typeof ZWebhookUpdate>;

/**
 * The add and edit dialog of the system configuration's webhooks page: the API's fields as the form holds them (an
 * empty project is every project of the system).
 */
export const ZWebhookForm = z.object({
  url: zUrl,
  events: zEvents,
  projectId: z.union([z.literal(""), z.uuid({ error: "InvalidId" })]),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX),
});
export type WebhookFormValues = z.input<typeof ZWebhookForm>;

const EXAMPLE = {
  id: WEBHOOK_ID,
  systemId: SYSTEM_ID,
  projectId: null,
  url: "https://erp.example.com/hooks/docservice",
  events: ["job.ready", "job.error"],
  description: "ERP import",
  enabled: true,
  disabledReason: null,
  failingSince: null,
  created: "2026-11-29T10:00:00.000Z",
  updated: "2026-11-29T10:00:00.000Z",
};

export const ZWebhook = z
  .object({
    id: z.uuid(),
    systemId: z.uuid(),
    projectId: z.uuid().nullable(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: z
      .enum(["Manual", "Failing"])
      .nullable()
      .meta({ description: "Failing: every attempt failed for 3 days; PUT `enabled: true` starts it again" }),
    failingSince: z.iso.datetime().nullable().meta({ description: "the first failed attempt since the last delivered one" }),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .meta({ id: "Webhook", examples: [EXAMPLE] });
export type WebhookDto = z.infer<typeof ZWebhook>;

const SECRET_NOTE =
  '`whsec_` + base64 of 24 random bytes: shown only in this answer. Each delivery is signed with it as the Standard Webhooks specification says: `webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" keyed with the secret\'s bytes>`.';

export const ZNewWebhook = ZWebhook.extend({ secret: z.string().meta({ description: SECRET_NOTE }) }).meta({
  id: "NewWebhook",
  examples: [{ ...EXAMPLE, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }],
});
export type NewWebhookDto = z.infer<typeof ZNewWebhook>;

export const ZWebhookList = z
  .object({ items: z.array(ZWebhook), totalCount: z.number().int() })
  .meta({ id: "WebhookList", examples: [{ items: [EXAMPLE], totalCount: 1 }] });

export const ZWebhookSecret = z
  .object({
    secret: z.string().meta({ description: SECRET_NOTE }),
    previousSecretValidUntil: z.iso
      .datetime()
      .meta({ description: "until then every delivery carries a second signature made with the previous secret" }),
  })
  .meta({
    id: "WebhookSecret",
    examples: [{ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", previousSecretValidUntil: "2026-11-30T10:00:00.000Z" }],
  });

export const ZWebhookListQuery = z.object({ systemId: z.uuid({ error: "InvalidId" }) });

export const ZWebhookParams = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: WEBHOOK_ID }) });
export const ZDeliveryParams = ZWebhookParams.extend({
  deliveryId: z.uuid({ error: "InvalidId" }).meta({ example: DELIVERY_ID }),
});

export const ZDeliveryQuery = z.object({
  page: zPage(),
  pageSize: zPageSize(),
  state: z.enum(WEBHOOK_DELIVERY_STATES, { error: "InvalidChoice" }).optional(),
});

const DELIVERY_EXAMPLE = {
  id: DELIVERY_ID,
  webhookId: WEBHOOK_ID,
  event: "job.ready",
  jobId: 4711,
  learnRunId: null,
  state: "Delivered",
  attempt: 1,
  httpStatus: 200,
  durationMs: 84,
  error: null,
  created: "2026-11-29T10:05:00.000Z",
  lastAttempt: "2026-11-29T10:05:00.420Z",
  nextAttempt: null,
};

export const ZDelivery = z
  .object({
    id: z.uuid().meta({ description: "the `webhook-id` of every attempt" }),
    webhookId: z.uuid(),
    event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
    jobId: z.number().int().nullable(),
    learnRunId: z.number().int().nullable(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempt: z.number().int().meta({ description: "attempts made so far" }),
    httpStatus: z.number().int().nullable().meta({ description: "the receiver's status of the last attempt" }),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable().meta({
      description:
        "why the last attempt failed: Timeout, AddressRefused, Network, Redirect or Status, with a detail after a colon",
    }),
    created: z.iso.datetime().meta({ description: "when the event happened (the body's timestamp)" }),
    lastAttempt: z.iso.datetime().nullable(),
    nextAttempt: z.iso.datetime().nullable().meta({ description: "when it is tried again (Pending)" }),
  })
  .meta({ id: "WebhookDelivery", examples: [DELIVERY_EXAMPLE] });
export type DeliveryDto = z.infer<typeof ZDelivery>;

export const ZDeliveryList = z
  .object({ items: z.array(ZDelivery), totalCount: z.number().int() })
  .meta({ id: "WebhookDeliveryList", examples: [{ items: [DELIVERY_EXAMPLE], totalCount: 1 }] });

// What a delivery sends (documented as the OpenAPI document's `webhooks`): `{ type, timestamp, data }`; each event's
// schema is its own object (zod-openapi refers a schema used twice under `webhooks` by a path it cannot resolve).
const jobEventData = () =>
  z.object({
    jobId: z.number().int(),
    systemId: z.uuid(),
    projectId: z.uuid().nullable(),
    state: z.enum(["Ready", "Error", "Removed"]),
    client: z.string(),
    clientInfo: z.string(),
    errorCode: z.string().optional().meta({ description: "the job's error code, when it has one" }),
    links: z.object({
      job: z.string().meta({ description: "GET the job (its auth key or a token)" }),
      result: z.string().meta({ description: "GET its files as a zip" }),
    }),
  });

const learnRunEventData = () =>
  z.object({
    learnRunId: z.number().int(),
    systemId: z.uuid(),
    projectId: z.uuid(),
    state: z.enum(["Ready", "Error"]),
    trigger: z.string(),
    errorCode: z.string().optional(),
    links: z.object({ run: z.string(), project: z.string() }),
  });

function event(type: string, data: z.ZodType, example: unknown) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.iso.datetime().meta({ description: "when the event happened" }),
      data,
    })
    .meta({ examples: [example] });
}

const JOB_LINKS = {
  job: "https://docs.example.com/api/jobs/4711",
  result: "https://docs.example.com/api/jobs/4711/download",
};
const jobExample = (type: string, state: string, errorCode?: string) => ({
  type,
  timestamp: "2026-11-29T10:05:00.000Z",
  data: {
    jobId: 4711,
    systemId: SYSTEM_ID,
    projectId: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
    state,
    client: "erp",
    clientInfo: "",
    ...(errorCode && { errorCode }),
    links: JOB_LINKS,
  },
});
const runExample = (type: string, state: string) => ({
  type,
  timestamp: "2026-11-29T10:05:00.000Z",
  data: {
    learnRunId: 12,
    systemId: SYSTEM_ID,
    projectId: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
    state,
    trigger: "Manual",
    links: {
      run: "https://docs.example.com/api/v3/learn/projects/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f/runs/12",
      project: "https://docs.example.com/api/v3/learn/projects/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
    },
  },
});

/** Each event's body, with what it is sent for. */
export const WEBHOOK_EVENT_BODIES: Record<(typeof WEBHOOK_EVENTS)[number], { summary: string; body: z.ZodType }> = {
  "job.ready": {
    summary: "A job was processed: Ready",
    body: event("job.ready", jobEventData(), jobExample("job.ready", "Ready")),
  },
  "job.error": {
    summary: "A job ended in Error",
    body: event("job.error", jobEventData(), jobExample("job.error", "Error", "NoText")),
  },
  "job.removed": {
    summary: "A job was deleted or expired (Removed)",
    body: event("job.removed", jobEventData(), jobExample("job.removed", "Removed")),
  },
  "learnrun.ready": {
    summary: "A learn run ended: Ready",
    body: event("learnrun.ready", learnRunEventData(), runExample("learnrun.ready", "Ready")),
  },
  "learnrun.error": {
    summary: "A learn run ended in Error",
    body: event("learnrun.error", learnRunEventData(), runExample("learnrun.error", "Error")),
  },
};
