import { languageContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { setLanguage } from "@/lib/users/services/set-language";

export const PUT = route(languageContract, ({ db, caller, params, body }) =>
  setLanguage(db, { caller, userId: params.id, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
