import { ZLogin, ZRefresh, ZTokenHolder } from "@/lib/auth/schemas";
import { defineContract } from "../contract";

export const loginContract = defineContract({
  method: "POST",
  path: "/api/auth/login",
  summary: "Sign in with system name, user name and password; answers the token holder",
  tag: "Authentication",
  auth: "none",
  body: ZLogin,
  response: ZTokenHolder,
  errors: [
    "InvalidPasswordObfuscation",
    "InvalidCredentials",
    "UserLockedOut",
    "UserDisabled",
    "SystemDeactivated",
    "TooManyRequests",
  ],
  maxBodyBytes: 16 * 1024,
});

export const logoutContract = defineContract({
  method: "POST",
  path: "/api/auth/logout",
  summary: "End the session of the bearer token",
  tag: "Authentication",
  auth: "bearer",
  allowWhilePasswordChangeRequired: true,
});

export const refreshContract = defineContract({
  method: "POST",
  path: "/api/auth/refresh",
  summary: "Exchange a refresh token for a new token holder (the refresh token rotates; 410 when unknown, used or expired)",
  tag: "Authentication",
  auth: "none",
  body: ZRefresh,
  response: ZTokenHolder,
  errors: ["RefreshTokenExpired"],
  maxBodyBytes: 16 * 1024,
});
