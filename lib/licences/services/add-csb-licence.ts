import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { parseInput } from "@/lib/errors/envelope";
import { assertManagesLicences } from "../access";
import { fetchCsbLicence } from "../csb-source";
import { getLicence } from "../queries";
import { type LicenceDto, ZCsbLicence } from "../schemas";
import { storeLicence, verify } from "./store-licence";

/** POST v3/licences/csb: fetch the licence of a cloud source and keep the source for refreshes. */
export async function addCsbLicence(db: Database, opts: { caller: Caller; input: unknown }): Promise<LicenceDto> {
  assertManagesLicences(opts.caller);
  const { csbUrl, csbSystem, csbUser, csbPassword, systemId } = parseInput(ZCsbLicence, opts.input);
  const content = await fetchCsbLicence({ url: csbUrl, customer: csbSystem, user: csbUser, password: csbPassword });
  const file = await verify(db, content);
  await storeLicence(db, {
    caller: opts.caller,
    file,
    content,
    source: "csb",
    systemId,
    csb: { url: csbUrl, customer: csbSystem, user: csbUser, passwordSealed: sealSecret(csbPassword) },
  });
  const stored = await getLicence(db, { id: file.id });
  if (!stored) throw new Error("licence vanished after insert");
  return stored;
}
