import { z } from "zod";

/** Issue 26 §3: what POST users/{id}/apikeys takes and what the key calls answer. */
export const API_KEY_NAME_MAX = 100;
/** a user holds at most this many keys (a leaked admin token must not mint without end) */
export const API_KEYS_PER_USER = 20;

export const ZApiKeyInput = z
  .object({
    name: z.string().trim().min(1, "Required").max(API_KEY_NAME_MAX),
    expires: z.iso
      .datetime({ offset: true, error: "InvalidFormat" })
      .or(z.iso.date({ error: "InvalidFormat" }))
      // the account page's empty date field: no expiry
      .or(z.literal(""))
      .nullish()
      .meta({ description: "when it stops working (ISO date or date-time); absent or null: never", example: "2027-06-30" }),
  })
  .meta({ id: "ApiKeyInput", examples: [{ name: "ERP integration", expires: "2027-06-30" }] });
export type ApiKeyInput = z.infer<typeof ZApiKeyInput>;

const KEY_ID = "7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a";
const EXAMPLE = {
  id: KEY_ID,
  prefix: "dsk_Xq3vN8aZ",
  name: "ERP integration",
  created: "2026-11-29T10:00:00.000Z",
  lastUsed: null,
  expires: "2027-06-30T00:00:00.000Z",
};

export const ZApiKey = z
  .object({
    id: z.uuid(),
    /** the key's first characters, to tell it apart */
    prefix: z.string(),
    name: z.string(),
    created: z.iso.datetime(),
    lastUsed: z.iso.datetime().nullable().meta({ description: "kept to the minute; null: never used" }),
    expires: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey", examples: [EXAMPLE] });
export type ApiKeyDto = z.infer<typeof ZApiKey>;

export const ZNewApiKey = ZApiKey.extend({
  key: z.string().meta({ description: "the key itself: shown only in this answer; send it as `Authorization: Bearer <key>`" }),
}).meta({ id: "NewApiKey", examples: [{ ...EXAMPLE, key: "dsk_Xq3vN8aZ…" }] });
export type NewApiKeyDto = z.infer<typeof ZNewApiKey>;

export const ZApiKeyList = z
  .object({ items: z.array(ZApiKey), totalCount: z.number().int() })
  .meta({ id: "ApiKeyList", examples: [{ items: [EXAMPLE], totalCount: 1 }] });

export const ZApiKeyParams = z.object({
  id: z.uuid({ error: "InvalidId" }).meta({ example: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d" }),
  keyId: z.uuid({ error: "InvalidId" }).meta({ example: KEY_ID }),
});

/** the account page's revoke of one of one's own keys */
export const ZApiKeyRevoke = z.object({ keyId: z.uuid({ error: "InvalidId" }) });
