import type { JobFile } from "@/db/schema";
import { readStoredFile } from "@/lib/files/store";
import type { EInvoice } from "@/lib/processing/einvoice";

/** a document of a job's result.json that carried an e-invoice (issue 25), for the job details */
export type JobEInvoice = { file: string; einvoice: EInvoice };

/** result.json larger than this is not opened for the job details (its e-invoices are in the file itself) */
const RESULT_READ_MAX = 16 * 2 ** 20;

/**
 * The e-invoices of a job's documents, from its result.json (the job's own file: the caller has checked that the
 * viewer may read the job). None when the job has no result yet, or its result cannot be read.
 */
export async function jobEInvoices(files: readonly JobFile[]): Promise<JobEInvoice[]> {
  const result = files.find((f) => f.kind === "result" && f.name === "result.json");
  if (!result || (result.size ?? 0) > RESULT_READ_MAX) return [];
  try {
    const parsed = JSON.parse((await readStoredFile(result.path)).toString("utf8")) as {
      documents?: { file?: string; einvoice?: EInvoice }[];
    };
    return (parsed.documents ?? []).flatMap((d) => (d.einvoice ? [{ file: String(d.file ?? ""), einvoice: d.einvoice }] : []));
  } catch {
    return [];
  }
}
