import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertManagesLicences } from "../access";
import { getLicence } from "../queries";
import { type LicenceDto, ZLicenceUpload } from "../schemas";
import { storeLicence, verify } from "./store-licence";

/** POST licences / v3/licences (spec foundation §5 "Licence upload"): file required, non-empty, valid, new. */
export async function addLicenceFile(db: Database, opts: { caller: Caller; input: unknown }): Promise<LicenceDto> {
  assertManagesLicences(opts.caller);
  const data = parseInput(ZLicenceUpload, opts.input);
  const content = data.base64Licence.trim();
  if (!content) throw new AppError("licence_error_noContent");
  const file = await verify(db, content);
  await storeLicence(db, { caller: opts.caller, file, content, source: "file", systemId: data.systemId });
  const stored = await getLicence(db, { id: file.id });
  if (!stored) throw new Error("licence vanished after insert");
  return stored;
}
