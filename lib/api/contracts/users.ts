import { z } from "zod";
import { ZChangeRequired, ZLanguageChange, ZNewUser, ZRoleList, ZUser, ZUserIdParams } from "@/lib/users/schemas";
import { defineContract } from "../contract";

export const getUserContract = defineContract({
  method: "GET",
  path: "/api/users/{id}",
  summary: "A user (the caller itself, or a user the caller administers)",
  tag: "Users",
  auth: "bearer",
  params: ZUserIdParams,
  response: ZUser,
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
  allowWhilePasswordChangeRequired: true,
});

export const registerContract = defineContract({
  method: "POST",
  path: "/api/users/register",
  summary: "Add a user to a system (administrators of that system; SuperAdmin for the Supersystem)",
  tag: "Users",
  auth: "bearer",
  body: ZNewUser,
  response: ZUser,
  maxBodyBytes: 64 * 1024,
});
