"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";

/** the parameters that quote the XML (an invoice number, an identifier, a raw value, a term): shown as they are */
const QUOTED = new Set(["number", "id", "value", "term"]);

/**
 * An e-invoice check's text in the viewer's language (messages `einvoice.check.*`, issue 25), from its key and
 * parameters as result.json and the job log keep them; the stored English text where there is no key. Amounts are
 * kept as the XML writes them (243.71) and rates as numbers: both are shown in the viewer's number format.
 */
export function useEInvoiceCheckText() {
  const t = useTranslations("einvoice");
  const format = useFormatter();
  return useCallback(
    (check: { key?: string; message: string; params?: Record<string, string | number> }): string => {
      if (!check.key || !t.has(`check.${check.key}`)) return check.message;
      const params = Object.fromEntries(
        Object.entries(check.params ?? {}).map(([k, v]) => [
          k,
          QUOTED.has(k)
            ? v
            : typeof v === "number"
              ? format.number(v, { maximumFractionDigits: 4 })
              : /^-?\d+\.\d{2}$/.test(v)
                ? format.number(Number(v), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
                : v,
        ]),
      );
      return t(`check.${check.key}`, params);
    },
    [t, format],
  );
}
