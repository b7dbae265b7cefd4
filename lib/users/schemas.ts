import { z } from "zod";
import { LANGUAGES, USER_TYPES } from "@/db/schema";
import { ALL_ROLES } from "@/lib/auth/roles";

export const ZUser = z
  .object({
    id: z.uuid(),
    name: z.string(),
    systemId: z.uuid(),
    systemName: z.string(),
    fullName: z.string(),
    emailAddress: z.string().nullable(),
    isActive: z.boolean(),
    roles: z.array(z.enum(ALL_ROLES)),
    language: z.enum(LANGUAGES),
    requiresPasswordChange: z.boolean(),
    type: z.enum(USER_TYPES),
    isLockedOut: z.boolean(),
    lockoutEnd: z.iso.datetime().nullable(),
  })
  .meta({ id: "User", description: "spec foundation §3 User (without password)" });
export type UserDto = z.infer<typeof ZUser>;

/** spec foundation §5 "New user": letters and digits only, case-sensitive. */
export const USER_NAME_MAX = 100;

export const ZNewUser = z
  .object({
    systemName: z.string({ error: "MissingSystem" }).trim().min(1, "MissingSystem"),
    name: z
      .string({ error: "MissingUserName" })
      .min(1, "MissingUserName")
      .max(USER_NAME_MAX, "InvalidUserName")
      .regex(/^[\p{L}\p{Nd}]*$/u, "InvalidUserName"),
    fullName: z.string().max(200).default(""),
    emailAddress: z.union([z.email({ error: "InvalidEmail" }).max(254, "InvalidEmail"), z.literal("")]).nullish(),
    password: z.string().max(4096).optional(),
    roles: z
      .array(z.enum(ALL_ROLES, { error: "RoleNotAllowed" }))
      .max(20)
      .default([]),
    requiresPasswordChange: z.boolean().default(true),
    isActive: z.boolean().default(true),
    language: z.enum(LANGUAGES, { error: "InvalidLanguage" }).default("en-US"),
    type: z.enum(USER_TYPES).default("Local"),
  })
  .meta({ id: "NewUser", description: "spec foundation §3 New user" });

export const ZUserIdParams = z.object({ id: z.uuid({ error: "InvalidId" }) });

export const ZLanguageChange = z
  .object({ language: z.enum(LANGUAGES, { error: "InvalidLanguage" }) })
  .meta({ id: "LanguageChange", description: "DESIGN.md: PUT users/{id}/language" });

export const ZChangeRequired = z
  .object({ newPassword: z.string({ error: "PasswordEmpty" }).max(4096, "TooLong") })
  .meta({ id: "ChangeRequiredPassword" });

export const ZRoleList = z.array(z.enum(ALL_ROLES)).meta({ id: "RoleList" });
