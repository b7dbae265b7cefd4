import { testServiceConfigContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { testServiceConnection } from "@/lib/config/services/test-service-connection";

export const POST = route(testServiceConfigContract, ({ db, caller, query, body }) =>
  testServiceConnection(db, { caller, query, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
