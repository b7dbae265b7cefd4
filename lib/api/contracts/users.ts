import { z } from "zod";
import { ZApiKeyInput, ZApiKeyList, ZApiKeyParams, ZNewApiKey } from "@/lib/users/api-keys";
import {
  ZChangeRequired,
  ZEditUser,
  ZEmailChange,
  ZEmailViaLink,
  ZLanguageChange,
  ZNewUser,
  ZPasswordChange,
  ZPasswordChangeResult,
  ZPasswordViaLink,
  ZRoleList,
  ZUser,
  ZUserIdParams,
} from "@/lib/users/schemas";
import { defineContract } from "../contract";

/** lib/auth/password-policy.ts: every rule of spec foundation §5 that fails, and a password that cannot be decoded */
const PASSWORD_ERRORS = [
  "InvalidPasswordObfuscation",
  "PasswordEmpty",
  "TooShort",
  "NoDigits",
  "NoLowerChars",
  "NoUppercaseChars",
  "NoNonAlphanumericChars",
] as const;
const USER_ID = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";

export const getUserContract = defineContract({
  method: "GET",
  path: "/api/users/{id}",
  summary: "A user (the caller itself, or a user the caller administers)",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  response: ZUser,
  errors: ["UserNotFound"],
  allowWhilePasswordChangeRequired: true,
});

export const systemRolesContract = defineContract({
  method: "GET",
  path: "/api/users/systemRoles",
  summary: "The roles of the system portal",
  tag: "Users",
  auth: "bearer",
  response: ZRoleList,
});

export const adminRolesContract = defineContract({
  method: "GET",
  path: "/api/users/adminRoles",
  summary: "The roles of the admin portal",
  tag: "Users",
  auth: "bearer",
  response: ZRoleList,
});

export const userRolesContract = defineContract({
  method: "GET",
  path: "/api/users/{id}/roles",
  summary: "The roles of a user",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  response: ZRoleList,
  errors: ["UserNotFound"],
  allowWhilePasswordChangeRequired: true,
});

export const changeRequiredContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/password/changeRequired",
  summary: "The forced password change of a user whose password must be changed; ends all its sessions",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  body: ZChangeRequired,
  errors: ["AccessDenied", "InvalidCsbUserOperation", "BadRequest", ...PASSWORD_ERRORS],
  allowWhilePasswordChangeRequired: true,
  maxBodyBytes: 16 * 1024,
});

export const languageContract = defineContract({
  method: "PUT",
  path: "/api/users/{id}/language",
  summary: "Save a user's language",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  body: ZLanguageChange,
  response: z.object({ language: ZLanguageChange.shape.language }),
  example: { response: { language: "de-DE" } },
  errors: ["UserNotFound"],
  allowWhilePasswordChangeRequired: true,
});

export const registerContract = defineContract({
  method: "POST",
  path: "/api/users/register",
  idempotent: true,
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["ManageUsers", "ManageAdminUsers"],
  summary: "Add a user to a system (administrators of that system; SuperAdmin for the Supersystem)",
  tag: "Users",
  auth: "bearer",
  body: ZNewUser,
  response: ZUser,
  errors: ["AccessDenied", "SystemNotFound", "RoleNotAllowed", ...PASSWORD_ERRORS, "UserAlreadyExists", "EmailInUse"],
  maxBodyBytes: 64 * 1024,
});

const ZSystemIdParams = z.object({
  id: z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }),
});

export const systemUsersContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}/users",
  summary: "The users of a system (administrators of that system)",
  tag: "Users",
  auth: "bearer",
  params: ZSystemIdParams,
  response: z.array(ZUser),
  errors: ["SystemNotFound"],
});

export const systemUserNamesContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}/userNames",
  summary: "The user names of a system (for filters)",
  tag: "Users",
  auth: "bearer",
  params: ZSystemIdParams,
  response: z.array(z.string()),
  example: { response: ["admin", "jdoe", "scanner"] },
  errors: ["SystemNotFound"],
});

export const updateUserContract = defineContract({
  method: "PUT",
  path: "/api/users",
  summary: "Change a user (administrators of its system; never one's own user; password optional)",
  tag: "Users",
  auth: "bearer",
  body: ZEditUser,
  response: ZUser,
  errors: [
    "UserNotFound",
    "OwnUserNotEditable",
    "UserTypeNotChangeable",
    "RoleNotAllowed",
    "InvalidCsbUserOperation",
    ...PASSWORD_ERRORS,
    "UserAlreadyExists",
    "EmailInUse",
    "LastSuperAdmin",
  ],
  maxBodyBytes: 64 * 1024,
});

export const deleteUserContract = defineContract({
  method: "DELETE",
  path: "/api/users/{id}",
  summary: "Delete a user (not one's own, not the last SuperAdmin)",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  errors: ["UserNotFound", "OwnUserNotEditable", "LastSuperAdmin"],
});

const ZResetBody = z
  .object({ token: z.string().max(200).optional(), newPassword: z.string().max(4096).optional() })
  .meta({ examples: [{ token: "mF3kQ8zR1wX6vB9nT2yL5pC0sH7jD4gA1uE8iO3qWxZ", newPassword: "Spring2026!" }] });
const ZUserIdOrName = z.object({ id: z.string().min(1).max(200).meta({ example: USER_ID }) });

export const resetPasswordContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/password/reset",
  summary:
    "With a bearer token and no body: mail the user {id} a reset link (administrators). Without a token: { token, newPassword } sets the password of the user named {id} from the reset link",
  tag: "Password",
  auth: "optional",
  params: ZUserIdOrName,
  body: ZResetBody,
  errors: [
    // the reset page's { token, newPassword } (lib/users/services/reset-password-with-token.ts)
    "LinkInvalid",
    "PasswordEmpty",
    ...PASSWORD_ERRORS,
    // an administrator's reset link (sendResetLink)
    "InvalidId",
    "UserNotFound",
    "InvalidCsbUserOperation",
    "UserHasNoEmail",
    "MailFailed",
  ],
  maxBodyBytes: 16 * 1024,
});

export const requestResetByIdContract = defineContract({
  method: "GET",
  path: "/api/users/{id}/password/reset",
  summary: "Forgot password by user id: mails a reset link when the user has an address (answers 204 either way)",
  tag: "Password",
  auth: "none",
  params: ZUserIdOrName,
  errors: ["MissingUserId"],
});

export const requestResetByNameContract = defineContract({
  method: "GET",
  path: "/api/users/{systemName}/{userName}/password/reset",
  summary:
    "Forgot password by system name, user name and e-mail (query email): mails a reset link when they match (204 either way)",
  tag: "Password",
  auth: "none",
  params: z.object({
    systemName: z.string().max(100).meta({ example: "Acme" }),
    userName: z.string().max(200).meta({ example: "jdoe" }),
  }),
  query: z.object({ email: z.string().max(254).optional().meta({ example: "jane.doe@example.com" }) }),
  // lib/users/schemas.ts ZForgotPassword
  errors: ["MissingSystem", "MissingUserName", "MissingEmail"],
});

export const changePasswordContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/password/change",
  summary: "Change one's own password (old + new); with e-mail confirmation active only the old one, and a link is mailed",
  tag: "Password",
  auth: "bearer",
  params: ZUserIdParams,
  body: ZPasswordChange,
  response: ZPasswordChangeResult,
  errors: [
    "UserNotFound",
    "AccessDenied",
    "InvalidCsbUserOperation",
    "missingOldPassword",
    "WrongOldPassword",
    ...PASSWORD_ERRORS,
    "UserHasNoEmail",
    "MailFailed",
  ],
  maxBodyBytes: 16 * 1024,
});

export const changePasswordViaLinkContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/password/changeViaLink",
  summary: "Set the new password from a mailed change link (token works once, 24 h)",
  tag: "Password",
  auth: "none",
  params: ZUserIdParams,
  body: ZPasswordViaLink,
  errors: ["LinkInvalid", ...PASSWORD_ERRORS],
  maxBodyBytes: 16 * 1024,
});

export const changeEmailContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/email/change",
  summary: "Change one's own e-mail address (password + new address); the new address gets a confirmation link",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  body: ZEmailChange,
  errors: [
    "UserNotFound",
    "AccessDenied",
    "InvalidCsbUserOperation",
    "InvalidPasswordObfuscation",
    "WrongPassword",
    "EmailInUse",
    "MailFailed",
  ],
  maxBodyBytes: 16 * 1024,
});

export const changeEmailViaLinkContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/email/changeViaLink",
  summary: "Confirm a new e-mail address from the mailed link (token works once, 24 h)",
  tag: "Users",
  auth: "none",
  params: ZUserIdParams,
  body: ZEmailViaLink,
  response: z.object({ emailAddress: z.string() }),
  example: { response: { emailAddress: "jane.doe@acme.example" } },
  errors: ["LinkInvalid", "EmailInUse"],
  maxBodyBytes: 16 * 1024,
});

// issue 26 §3: API keys for machines
const API_KEY_NOTE =
  "The user itself or whoever administers its system (ManageUsers; ManageAdminUsers for the Supersystem's users). A key acts with its user's roles wherever a token works (`Authorization: Bearer <key>`); a password lockout does not stop it, deactivating the user or the system does.";

export const listApiKeysContract = defineContract({
  method: "GET",
  path: "/api/users/{id}/apikeys",
  summary: "A user's API keys (prefix, name, created, last used, expires; never the keys)",
  description: API_KEY_NOTE,
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  response: ZApiKeyList,
  errors: ["UserNotFound"],
});

export const createApiKeyContract = defineContract({
  method: "POST",
  path: "/api/users/{id}/apikeys",
  idempotent: true,
  summary: "Make an API key for a user: the answer holds the key, shown only here",
  description: `${API_KEY_NOTE} A call made with an API key cannot make keys (403).`,
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  body: ZApiKeyInput,
  response: ZNewApiKey,
  errors: ["UserNotFound", "ApiKeyExpiryPast", "ApiKeyLimit", "AccessDenied"],
  maxBodyBytes: 16 * 1024,
});

export const revokeApiKeyContract = defineContract({
  method: "DELETE",
  path: "/api/users/{id}/apikeys/{keyId}",
  summary: "Revoke an API key: it stops working at once",
  description: API_KEY_NOTE,
  tag: "Users",
  auth: "bearer",
  params: ZApiKeyParams,
  errors: ["UserNotFound", "ApiKeyNotFound"],
});
