import { loginContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { login } from "@/lib/auth/services/login";

export const POST = route(loginContract, async ({ db, body }) => (await login(db, body, "api")).holder);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
