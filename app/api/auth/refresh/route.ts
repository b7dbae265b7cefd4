import { refreshContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { refresh } from "@/lib/auth/services/refresh-session";

export const POST = route(refreshContract, ({ db, body }) => refresh(db, body));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
