import { loginContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { login } from "@/lib/auth/services/login";
import { clientAddress } from "@/lib/limits";

export const POST = route(
  loginContract,
  async ({ db, body, req }) => (await login(db, body, "api", { address: clientAddress(req.headers) })).holder,
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
