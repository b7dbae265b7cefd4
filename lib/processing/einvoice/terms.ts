/**
 * The EN 16931 business terms an e-invoice is read into (issue 25). Amounts, quantities and rates are numbers, dates
 * YYYY-MM-DD, everything else text as the XML has it.
 */

export type TermKind = "text" | "date" | "amount" | "quantity" | "percent" | "code";

/** each term's kind; its name in either language is the portal's message `einvoice.term.BT-x` */
export const TERMS = {
  "BT-1": "text",
  "BT-2": "date",
  "BT-3": "code",
  "BT-5": "code",
  "BT-6": "code",
  "BT-9": "date",
  "BT-10": "text",
  "BT-13": "text",
  "BT-20": "text",
  "BT-23": "text",
  "BT-24": "text",
  "BT-27": "text",
  "BT-29": "text",
  "BT-31": "text",
  "BT-32": "text",
  "BT-35": "text",
  "BT-36": "text",
  "BT-162": "text",
  "BT-37": "text",
  "BT-38": "text",
  "BT-39": "text",
  "BT-40": "code",
  "BT-44": "text",
  "BT-46": "text",
  "BT-48": "text",
  "BT-50": "text",
  "BT-51": "text",
  "BT-163": "text",
  "BT-52": "text",
  "BT-53": "text",
  "BT-54": "text",
  "BT-55": "code",
  "BT-81": "code",
  "BT-83": "text",
  "BT-84": "text",
  "BT-106": "amount",
  "BT-107": "amount",
  "BT-108": "amount",
  "BT-109": "amount",
  "BT-110": "amount",
  "BT-111": "amount",
  "BT-112": "amount",
  "BT-113": "amount",
  "BT-114": "amount",
  "BT-115": "amount",
  "BT-116": "amount",
  "BT-117": "amount",
  "BT-118": "code",
  "BT-119": "percent",
  "BT-120": "text",
  "BT-121": "code",
  "BT-126": "text",
  "BT-129": "quantity",
  "BT-130": "code",
  "BT-131": "amount",
  "BT-146": "amount",
  "BT-148": "amount",
  "BT-151": "code",
  "BT-152": "percent",
  "BT-153": "text",
  "BT-154": "text",
  "BT-155": "text",
} as const satisfies Record<string, TermKind>;

export type Term = keyof typeof TERMS;
export type TermValue = string | number;
export type TermValues = Partial<Record<Term, TermValue>>;

export const isTerm = (id: string): id is Term => Object.hasOwn(TERMS, id);

/** the terms of the document level, of a VAT breakdown row (BG-23) and of an invoice line (BG-25) */
export const VAT_TERMS = ["BT-116", "BT-117", "BT-118", "BT-119", "BT-120", "BT-121"] as const satisfies readonly Term[];
export const LINE_TERMS = [
  "BT-126",
  "BT-129",
  "BT-130",
  "BT-131",
  "BT-146",
  "BT-148",
  "BT-151",
  "BT-152",
  "BT-153",
  "BT-154",
  "BT-155",
] as const satisfies readonly Term[];
