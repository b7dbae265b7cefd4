/**
 * The e-invoice figures of a job's documents, as job_metrics and the statistics counters hold them (issue 25; the
 * columns are db/schema/statistics.ts einvoiceCounters): documents read as an e-invoice, by syntax, by profile, and
 * those with a check warning. A profile not named here (PEPPOL BIS, an unknown identifier) counts in `einvoices` only.
 */
export const EINVOICE_PROFILE_COUNTERS = {
  MINIMUM: "einvoicesMinimum",
  "BASIC WL": "einvoicesBasicWl",
  BASIC: "einvoicesBasic",
  EN16931: "einvoicesEn16931",
  // ZUGFeRD 1's name of the profile that became EN16931
  COMFORT: "einvoicesEn16931",
  EXTENDED: "einvoicesExtended",
  XRECHNUNG: "einvoicesXrechnung",
} as const;

export const EINVOICE_COUNTERS = [
  "einvoices",
  "einvoicesCii",
  "einvoicesUbl",
  "einvoicesWarned",
  "einvoicesMinimum",
  "einvoicesBasicWl",
  "einvoicesBasic",
  "einvoicesEn16931",
  "einvoicesExtended",
  "einvoicesXrechnung",
] as const;
export type EInvoiceCounter = (typeof EINVOICE_COUNTERS)[number];
export type EInvoiceCounts = Record<EInvoiceCounter, number>;

export function einvoiceCounts(
  list: readonly { syntax: "CII" | "UBL"; profile: string | null; warnings: readonly unknown[] }[],
): EInvoiceCounts {
  const counts = Object.fromEntries(EINVOICE_COUNTERS.map((k) => [k, 0])) as EInvoiceCounts;
  for (const e of list) {
    counts.einvoices++;
    counts[e.syntax === "UBL" ? "einvoicesUbl" : "einvoicesCii"]++;
    if (e.warnings.length) counts.einvoicesWarned++;
    const profile = e.profile ? EINVOICE_PROFILE_COUNTERS[e.profile as keyof typeof EINVOICE_PROFILE_COUNTERS] : undefined;
    if (profile) counts[profile]++;
  }
  return counts;
}
