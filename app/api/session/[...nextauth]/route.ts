import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

// next-auth's own routes live under /api/session (DESIGN.md "Tokens"), leaving /api/auth to the REST API.
async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(req, { params: await ctx.params });
}

export { handler as GET, handler as POST };
