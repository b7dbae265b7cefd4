import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { login } from "./services/login";
import { SESSION_COOKIE, type SessionClaims, sessionSecret } from "./session-cookie";
import { WEB_SESSION_LIFETIME_MS } from "./sessions";

export function authOptions(): NextAuthOptions {
  const secure = process.env.SESSION_COOKIE_SECURE === "true";
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: WEB_SESSION_LIFETIME_MS / 1000 },
    cookies: {
      sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure } },
    },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      // The portal's login forms sign in through a server action (lib/auth/actions.ts loginAction) that issues the
      // same cookie; this provider serves clients that use next-auth's own endpoints under /api/session.
      CredentialsProvider({
        credentials: { systemName: { type: "text" }, userName: { type: "text" }, password: { type: "password" } },
        async authorize(credentials) {
          try {
            const { holder, sessionId } = await login(await getDb(), credentials ?? {}, "web");
            return { id: holder.userId, sid: sessionId, holder };
          } catch (error) {
            if (error instanceof AppError) return null;
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const u = user as unknown as {
          sid?: string;
          holder?: { userName: string; systemName: string; roles: string[]; requiresPasswordChange: boolean };
        };
        if (u?.sid && u.holder) {
          Object.assign(token, {
            sid: u.sid,
            uid: user.id,
            name: u.holder.userName,
            system: u.holder.systemName,
            roles: u.holder.roles,
            pwc: u.holder.requiresPasswordChange,
          } satisfies SessionClaims);
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, sid: token.sid } as typeof session;
      },
    },
  };
}
