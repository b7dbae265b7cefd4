import { refreshContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { refresh } from "@/lib/auth/service";

export const POST = route(refreshContract, ({ db, body }) => refresh(db, body));
