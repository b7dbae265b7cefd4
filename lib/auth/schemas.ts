import { z } from "zod";
import { ALL_ROLES } from "./roles";

export const ZLogin = z
  .object({
    systemName: z.string({ error: "MissingSystem" }).trim().min(1, "MissingSystem").max(100, "MissingSystem"),
    userName: z.string({ error: "MissingUserName" }).trim().min(1, "MissingUserName").max(256, "MissingUserName"),
    password: z.string({ error: "MissingPassword" }).min(1, "MissingPassword").max(4096, "MissingPassword"),
  })
  .meta({
    id: "LoginData",
    description: "spec foundation §3 Login data; the password may be obfuscated (crypt:aes-cbc:… or crypt:base64:…)",
    examples: [{ systemName: "Acme", userName: "jdoe", password: "Winter2026!" }],
  });
export type LoginInput = z.infer<typeof ZLogin>;

export const ZRefresh = z
  .object({
    token: z.string().max(512).optional(),
    refreshToken: z.string().min(1).max(512),
  })
  .meta({
    id: "RefreshData",
    examples: [{ refreshToken: "q7Yx2mC9vRkP4tN8wLzA1bE5hJ3sD6fG0uV2iO9pQyM" }],
  });

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
  .meta({
    id: "TokenHolder",
    description: "spec foundation §3 Token holder / session",
    examples: [
      {
        userId: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
        userName: "jdoe",
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        systemName: "Acme",
        token: "Xk2pT9vQ4mR7wL1zN8cB5yH3jF6dS0aE2uI9oP4qW7e",
        refreshToken: "q7Yx2mC9vRkP4tN8wLzA1bE5hJ3sD6fG0uV2iO9pQyM",
        roles: ["JobManager", "Everybody"],
        validUntil: "2026-05-04T10:45:00.000Z",
        created: "2026-05-04T10:15:00.000Z",
        requiresPasswordChange: false,
      },
    ],
  });
export type TokenHolder = z.infer<typeof ZTokenHolder>;
