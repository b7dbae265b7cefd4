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
  .meta({
    id: "User",
    description: "spec foundation §3 User (without password)",
    examples: [
      {
        id: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
        name: "jdoe",
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        systemName: "Acme",
        fullName: "Jane Doe",
        emailAddress: "jane.doe@example.com",
        isActive: true,
        roles: ["JobManager"],
        language: "en-US",
        requiresPasswordChange: false,
        type: "Local",
        isLockedOut: false,
        lockoutEnd: null,
      },
    ],
  });
export type UserDto = z.infer<typeof ZUser>;

/** spec foundation §5 "New user": letters and digits only, case-sensitive. */
export const USER_NAME_MAX = 100;

const ZUserName = z
  .string({ error: "MissingUserName" })
  .min(1, "MissingUserName")
  .max(USER_NAME_MAX, "InvalidUserName")
  .regex(/^[\p{L}\p{Nd}]*$/u, "InvalidUserName");

export const ZNewUser = z
  .object({
    systemName: z.string({ error: "MissingSystem" }).trim().min(1, "MissingSystem"),
    name: ZUserName,
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
  .meta({
    id: "NewUser",
    description: "spec foundation §3 New user",
    examples: [
      {
        systemName: "Acme",
        name: "jdoe",
        fullName: "Jane Doe",
        emailAddress: "jane.doe@example.com",
        password: "Winter2026!",
        roles: ["JobManager"],
      },
    ],
  });

/** spec foundation §2 "User form" on edit; the password is optional (§5 "Edit user"). */
export const ZEditUser = z
  .object({
    id: z.uuid({ error: "InvalidId" }),
    name: ZUserName,
    fullName: z.string().max(200).default(""),
    emailAddress: z.union([z.email({ error: "InvalidEmail" }).max(254, "InvalidEmail"), z.literal("")]).nullish(),
    password: z.string().max(4096).nullish(),
    roles: z
      .array(z.enum(ALL_ROLES, { error: "RoleNotAllowed" }))
      .max(20)
      .default([]),
    requiresPasswordChange: z.boolean().default(false),
    isActive: z.boolean().default(true),
    language: z.enum(LANGUAGES, { error: "InvalidLanguage" }).default("en-US"),
    type: z.enum(USER_TYPES).optional(),
    /** lifts a lockout (DESIGN.md "Lockout") */
    unlock: z.boolean().default(false),
  })
  .meta({
    id: "EditUser",
    description: "spec foundation §3 User, as sent by the user form",
    examples: [
      {
        id: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
        name: "jdoe",
        fullName: "Jane Doe",
        emailAddress: "jane.doe@example.com",
        roles: ["JobManager", "ProjectManager"],
        isActive: true,
        language: "de-DE",
      },
    ],
  });

export const ZUserIdParams = z.object({
  id: z.uuid({ error: "InvalidId" }).meta({ example: "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d" }),
});

export const ZLanguageChange = z
  .object({ language: z.enum(LANGUAGES, { error: "InvalidLanguage" }) })
  .meta({ id: "LanguageChange", description: "DESIGN.md: PUT users/{id}/language", examples: [{ language: "de-DE" }] });

export const ZChangeRequired = z
  .object({ newPassword: z.string({ error: "PasswordEmpty" }).max(4096, "TooLong") })
  .meta({ id: "ChangeRequiredPassword", examples: [{ newPassword: "Spring2026!" }] });

export const ZRoleList = z.array(z.enum(ALL_ROLES)).meta({ id: "RoleList", examples: [["JobManager", "ProjectManager"]] });

const ZPasswordInput = z.string({ error: "PasswordEmpty" }).max(4096, "PasswordEmpty");

/** spec foundation §3 "Change-password data"; newPassword is absent when the change goes by mail. */
export const ZPasswordChange = z
  .object({ oldPassword: z.string().max(4096).optional(), newPassword: z.string().max(4096).optional() })
  .meta({ id: "ChangePassword", examples: [{ oldPassword: "Winter2026!", newPassword: "Spring2026!" }] });

export const ZPasswordViaLink = z
  .object({
    token: z.string({ error: "LinkInvalid" }).min(1, "LinkInvalid").max(200, "LinkInvalid"),
    newPassword: ZPasswordInput,
  })
  .meta({
    id: "ChangePasswordViaLink",
    examples: [{ token: "mF3kQ8zR1wX6vB9nT2yL5pC0sH7jD4gA1uE8iO3qWxZ", newPassword: "Spring2026!" }],
  });

/** spec foundation §3 "Reset data": token and newPassword. */
export const ZResetWithToken = ZPasswordViaLink.meta({ id: "ResetData" });

/** spec foundation §5 "Forgot password": each missing part gives its own message. */
export const ZForgotPassword = z.object({
  systemName: z.string({ error: "MissingSystem" }).trim().min(1, "MissingSystem").max(100, "MissingSystem"),
  userName: z.string({ error: "MissingUserName" }).trim().min(1, "MissingUserName").max(USER_NAME_MAX, "MissingUserName"),
  email: z.string({ error: "MissingEmail" }).trim().min(1, "MissingEmail").max(254, "MissingEmail"),
});

/** spec foundation §5 "E-mail change": new e-mail and password are both required. */
export const ZEmailChange = z
  .object({
    password: z.string({ error: "MissingPassword" }).min(1, "MissingPassword").max(4096, "MissingPassword"),
    newEmail: z
      .string({ error: "MissingEmail" })
      .trim()
      .min(1, "MissingEmail")
      .pipe(z.email({ error: "InvalidEmail" }).max(254, "InvalidEmail")),
  })
  .meta({ id: "ChangeEmail", examples: [{ password: "Winter2026!", newEmail: "jane.doe@acme.example" }] });

export const ZEmailViaLink = z
  .object({
    token: z.string({ error: "LinkInvalid" }).min(1, "LinkInvalid").max(200, "LinkInvalid"),
    newEmail: z.email({ error: "InvalidEmail" }).max(254, "InvalidEmail"),
  })
  .meta({
    id: "ChangeEmailViaLink",
    examples: [{ token: "mF3kQ8zR1wX6vB9nT2yL5pC0sH7jD4gA1uE8iO3qWxZ", newEmail: "jane.doe@acme.example" }],
  });

export const ZPasswordChangeResult = z
  .object({ result: z.enum(["changed", "linkSent"]) })
  .meta({ id: "PasswordChangeResult", examples: [{ result: "changed" }] });
