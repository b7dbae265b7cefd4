import { z } from "zod";
import { missing, whenStrings } from "@/lib/errors/issues";
import { addPasswordIssues, PASSWORD_MAX } from "./password-policy";
import { ALL_ROLES } from "./roles";

/** A user name at sign-in: longer than any user name may be, so that old names still sign in. */
/** spec foundation §5/§9: a system name has at most 100 characters (the client limit; the server keeps it too). */
export const SYSTEM_NAME_MAX = 100;

export const LOGIN_USER_NAME_MAX = 256;

/** spec foundation §5 "Login": user name, password and system are required, each with its own message. */
export const ZLogin = z
  .object({
    systemName: z.string(missing("MissingSystem")).trim().min(1, "MissingSystem").max(SYSTEM_NAME_MAX),
    userName: z.string(missing("MissingUserName")).trim().min(1, "MissingUserName").max(LOGIN_USER_NAME_MAX),
    password: z.string(missing("MissingPassword")).min(1, "MissingPassword").max(PASSWORD_MAX),
  })
  .meta({
    id: "LoginData",
    description: "spec foundation §3 Login data; the password may be obfuscated (crypt:aes-cbc:… or crypt:base64:…)",
    examples: [{ systemName: "Acme", userName: "jdoe", password: "Winter2026!" }],
  });
export type LoginInput = z.infer<typeof ZLogin>;

/**
 * The forms that set a new password (forced change, reset and change by a mailed link): spec foundation §5
 * "Password", every failing rule under the password and a different repeat under the repeat.
 */
export const ZNewPasswordForm = z
  .object({ newPassword: z.string().max(PASSWORD_MAX), repeat: z.string().max(PASSWORD_MAX) })
  .superRefine(
    (v, ctx) =>
      addPasswordIssues(ctx, { password: v.newPassword, repeat: v.repeat }, { password: "newPassword", repeat: "repeat" }),
    whenStrings("newPassword", "repeat"),
  );
export type NewPasswordForm = z.infer<typeof ZNewPasswordForm>;

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
