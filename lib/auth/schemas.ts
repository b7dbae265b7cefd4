import { z } from "zod";
import { ALL_ROLES } from "./roles";

export const ZLogin = z
  .object({
    systemName: z.string({ error: "MissingSystem" }).trim().min(1, "MissingSystem").max(100, "MissingSystem"),
    userName: z.string({ error: "MissingUserName" }).trim().min(1, "MissingUserName").max(256, "MissingUserName"),
    password: z.string({ error: "MissingPassword" }).min(1, "MissingPassword").max(4096, "MissingPassword"),
  })
  .meta({ id: "LoginData", description: "spec foundation §3 Login data" });
export type LoginInput = z.infer<typeof ZLogin>;

export const ZRefresh = z
  .object({
    token: z.string().max(512).optional(),
    refreshToken: z.string().min(1).max(512),
  })
  .meta({ id: "RefreshData" });

export const ZTokenHolder = z
  .object({
    userId: z.uuid(),
    userName: z.string(),
    systemId: z.uuid(),
    systemName: z.string(),
    token: z.string(),
    refreshToken: z.string(),
    roles: z.array(z.enum(ALL_ROLES)),
    validUntil: z.iso.datetime(),
    created: z.iso.datetime(),
    requiresPasswordChange: z.boolean(),
  })
  .meta({ id: "TokenHolder", description: "spec foundation §3 Token holder / session" });
export type TokenHolder = z.infer<typeof ZTokenHolder>;
