import { z } from "zod";
import { LANGUAGES, USER_TYPES } from "@/db/schema/users";
import { addPasswordIssues, PASSWORD_MAX } from "@/lib/auth/password-policy";
import { ALL_ROLES } from "@/lib/auth/roles";
import { SYSTEM_NAME_MAX } from "@/lib/auth/schemas";
import { missing, whenStrings } from "@/lib/errors/issues";

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
export const FULL_NAME_MAX = 200;
/** RFC 5321: an address has at most 254 characters. */
export const EMAIL_MAX = 254;

// each rule its own issue: a 300-letter name is too long, not "letters and digits only"
const ZUserName = z
  .string(missing("MissingUserName"))
  .min(1, "MissingUserName")
  .max(USER_NAME_MAX)
  .regex(/^[\p{L}\p{Nd}]*$/u, "InvalidUserName");

const ZFullName = z.string().max(FULL_NAME_MAX);

const isEmail = (value: string) => z.regexes.email.test(value);

/** An optional e-mail address: empty, or valid and at most EMAIL_MAX characters. */
const ZOptionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .refine((v) => v === "" || isEmail(v), "InvalidEmail");

/** A required e-mail address (MissingEmail when empty). */
const ZRequiredEmail = z
  .string(missing("MissingEmail"))
  .trim()
  .min(1, "MissingEmail")
  .max(EMAIL_MAX)
  .refine((v) => v === "" || isEmail(v), "InvalidEmail");

export const ZNewUser = z
  .object({
    systemName: z.string(missing("MissingSystem")).trim().min(1, "MissingSystem").max(SYSTEM_NAME_MAX),
    name: ZUserName,
    fullName: ZFullName.default(""),
    emailAddress: ZOptionalEmail.nullish(),
    password: z.string().max(PASSWORD_MAX).optional(),
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
    fullName: ZFullName.default(""),
    emailAddress: ZOptionalEmail.nullish(),
    password: z.string().max(PASSWORD_MAX).nullish(),
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
  .object({ newPassword: z.string(missing("PasswordEmpty")).max(PASSWORD_MAX) })
  .meta({ id: "ChangeRequiredPassword", examples: [{ newPassword: "Spring2026!" }] });

export const ZRoleList = z.array(z.enum(ALL_ROLES)).meta({ id: "RoleList", examples: [["JobManager", "ProjectManager"]] });

const ZPasswordInput = z.string(missing("PasswordEmpty")).max(PASSWORD_MAX);

/** spec foundation §3 "Change-password data"; newPassword is absent when the change goes by mail. */
export const ZPasswordChange = z
  .object({ oldPassword: z.string().max(PASSWORD_MAX).optional(), newPassword: z.string().max(PASSWORD_MAX).optional() })
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
  systemName: z.string(missing("MissingSystem")).trim().min(1, "MissingSystem").max(SYSTEM_NAME_MAX),
  userName: z.string(missing("MissingUserName")).trim().min(1, "MissingUserName").max(USER_NAME_MAX),
  email: z.string(missing("MissingEmail")).trim().min(1, "MissingEmail").max(EMAIL_MAX),
});

/** spec foundation §5 "E-mail change": new e-mail and password are both required. */
export const ZEmailChange = z
  .object({
    password: z.string(missing("MissingPassword")).min(1, "MissingPassword").max(PASSWORD_MAX),
    newEmail: ZRequiredEmail,
  })
  .meta({ id: "ChangeEmail", examples: [{ password: "Winter2026!", newEmail: "jane.doe@acme.example" }] });

export const ZEmailViaLink = z
  .object({
    token: z.string({ error: "LinkInvalid" }).min(1, "LinkInvalid").max(200, "LinkInvalid"),
    newEmail: ZRequiredEmail,
  })
  .meta({
    id: "ChangeEmailViaLink",
    examples: [{ token: "mF3kQ8zR1wX6vB9nT2yL5pC0sH7jD4gA1uE8iO3qWxZ", newEmail: "jane.doe@acme.example" }],
  });

export const ZPasswordChangeResult = z
  .object({ result: z.enum(["changed", "linkSent"]) })
  .meta({ id: "PasswordChangeResult", examples: [{ result: "changed" }] });

// ---- forms (react-hook-form with zodResolver; the actions and routes parse the schemas above) ----

/** spec foundation §2 "User form": type on add only; CSB users have neither e-mail nor password. */
export function userFormSchema(options: { edit: boolean; passwordOptional: boolean }) {
  return z
    .object({
      type: z.enum(USER_TYPES),
      name: ZUserName,
      fullName: ZFullName,
      emailAddress: ZOptionalEmail,
      password: z.string().max(PASSWORD_MAX),
      repeat: z.string().max(PASSWORD_MAX),
      roles: z.array(z.enum(ALL_ROLES)).max(20),
      language: z.enum(LANGUAGES),
      requiresPasswordChange: z.boolean(),
      isActive: z.boolean(),
      unlock: z.boolean(),
    })
    .superRefine(
      (v, ctx) => {
        // spec foundation §5: the password is validated unless the type is CSB; on edit only when given
        if (v.type === "CSB") return;
        const optional = options.edit || options.passwordOptional;
        addPasswordIssues(
          ctx,
          { password: v.password, repeat: v.repeat },
          { password: "password", repeat: "repeat" },
          { optional },
        );
      },
      whenStrings("type", "password", "repeat"),
    );
}
export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

/**
 * spec foundation §4 "Password change (account)": old, new and repeat; with a mailed link only the old one.
 * spec foundation §5: changing a password requires the old password (missingOldPassword).
 */
export function accountPasswordFormSchema(options: { byMail: boolean }) {
  return z
    .object({
      oldPassword: z.string().min(1, "missingOldPassword").max(PASSWORD_MAX),
      newPassword: z.string().max(PASSWORD_MAX),
      repeat: z.string().max(PASSWORD_MAX),
    })
    .superRefine(
      (v, ctx) => {
        if (options.byMail) return;
        addPasswordIssues(ctx, { password: v.newPassword, repeat: v.repeat }, { password: "newPassword", repeat: "repeat" });
      },
      whenStrings("newPassword", "repeat"),
    );
}
export type AccountPasswordFormValues = z.infer<ReturnType<typeof accountPasswordFormSchema>>;
