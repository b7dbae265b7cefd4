/**
 * The EN 16931 business terms an e-invoice is read into (issue 25), with their names in English and German for the
 * job details. Amounts are numbers, dates YYYY-MM-DD, everything else text as the XML has it.
 */

export type TermKind = "text" | "date" | "amount" | "quantity" | "percent" | "code";

export type TermInfo = { kind: TermKind; en: string; de: string };

export const TERMS = {
  "BT-1": { kind: "text", en: "Invoice number", de: "Rechnungsnummer" },
  "BT-2": { kind: "date", en: "Invoice issue date", de: "Rechnungsdatum" },
  "BT-3": { kind: "code", en: "Invoice type code", de: "Rechnungsart" },
  "BT-5": { kind: "code", en: "Invoice currency code", de: "Rechnungswährung" },
  "BT-6": { kind: "code", en: "VAT accounting currency code", de: "Währung der Umsatzsteuer" },
  "BT-9": { kind: "date", en: "Payment due date", de: "Fälligkeitsdatum" },
  "BT-10": { kind: "text", en: "Buyer reference", de: "Käuferreferenz (Leitweg-ID)" },
  "BT-13": { kind: "text", en: "Purchase order reference", de: "Bestellnummer" },
  "BT-20": { kind: "text", en: "Payment terms", de: "Zahlungsbedingungen" },
  "BT-23": { kind: "text", en: "Business process type", de: "Geschäftsprozess" },
  "BT-24": { kind: "text", en: "Specification identifier", de: "Spezifikationskennung" },
  "BT-27": { kind: "text", en: "Seller name", de: "Name des Verkäufers" },
  "BT-29": { kind: "text", en: "Seller identifier", de: "Kennung des Verkäufers" },
  "BT-31": { kind: "text", en: "Seller VAT identifier", de: "USt-IdNr. des Verkäufers" },
  "BT-32": { kind: "text", en: "Seller tax registration identifier", de: "Steuernummer des Verkäufers" },
  "BT-35": { kind: "text", en: "Seller address line 1", de: "Anschrift des Verkäufers, Zeile 1" },
  "BT-36": { kind: "text", en: "Seller address line 2", de: "Anschrift des Verkäufers, Zeile 2" },
  "BT-162": { kind: "text", en: "Seller address line 3", de: "Anschrift des Verkäufers, Zeile 3" },
  "BT-37": { kind: "text", en: "Seller city", de: "Ort des Verkäufers" },
  "BT-38": { kind: "text", en: "Seller post code", de: "Postleitzahl des Verkäufers" },
  "BT-39": { kind: "text", en: "Seller country subdivision", de: "Region des Verkäufers" },
  "BT-40": { kind: "code", en: "Seller country code", de: "Land des Verkäufers" },
  "BT-44": { kind: "text", en: "Buyer name", de: "Name des Käufers" },
  "BT-46": { kind: "text", en: "Buyer identifier", de: "Kennung des Käufers" },
  "BT-48": { kind: "text", en: "Buyer VAT identifier", de: "USt-IdNr. des Käufers" },
  "BT-50": { kind: "text", en: "Buyer address line 1", de: "Anschrift des Käufers, Zeile 1" },
  "BT-51": { kind: "text", en: "Buyer address line 2", de: "Anschrift des Käufers, Zeile 2" },
  "BT-163": { kind: "text", en: "Buyer address line 3", de: "Anschrift des Käufers, Zeile 3" },
  "BT-52": { kind: "text", en: "Buyer city", de: "Ort des Käufers" },
  "BT-53": { kind: "text", en: "Buyer post code", de: "Postleitzahl des Käufers" },
  "BT-54": { kind: "text", en: "Buyer country subdivision", de: "Region des Käufers" },
  "BT-55": { kind: "code", en: "Buyer country code", de: "Land des Käufers" },
  "BT-81": { kind: "code", en: "Payment means type code", de: "Zahlungsart" },
  "BT-83": { kind: "text", en: "Remittance information", de: "Verwendungszweck" },
  "BT-84": { kind: "text", en: "Payment account identifier (IBAN)", de: "Konto des Zahlungsempfängers (IBAN)" },
  "BT-106": { kind: "amount", en: "Sum of invoice line net amounts", de: "Summe der Positionsnettobeträge" },
  "BT-107": { kind: "amount", en: "Sum of allowances on document level", de: "Summe der Nachlässe auf Dokumentebene" },
  "BT-108": { kind: "amount", en: "Sum of charges on document level", de: "Summe der Zuschläge auf Dokumentebene" },
  "BT-109": { kind: "amount", en: "Invoice total amount without VAT", de: "Gesamtbetrag ohne Umsatzsteuer" },
  "BT-110": { kind: "amount", en: "Invoice total VAT amount", de: "Umsatzsteuer-Gesamtbetrag" },
  "BT-111": { kind: "amount", en: "Invoice total VAT amount in accounting currency", de: "Umsatzsteuer in Buchungswährung" },
  "BT-112": { kind: "amount", en: "Invoice total amount with VAT", de: "Gesamtbetrag mit Umsatzsteuer" },
  "BT-113": { kind: "amount", en: "Paid amount", de: "Gezahlter Betrag" },
  "BT-114": { kind: "amount", en: "Rounding amount", de: "Rundungsbetrag" },
  "BT-115": { kind: "amount", en: "Amount due for payment", de: "Fälliger Zahlungsbetrag" },
  "BT-116": { kind: "amount", en: "VAT category taxable amount", de: "Steuerbasisbetrag der Kategorie" },
  "BT-117": { kind: "amount", en: "VAT category tax amount", de: "Steuerbetrag der Kategorie" },
  "BT-118": { kind: "code", en: "VAT category code", de: "Umsatzsteuerkategorie" },
  "BT-119": { kind: "percent", en: "VAT category rate", de: "Steuersatz der Kategorie" },
  "BT-120": { kind: "text", en: "VAT exemption reason", de: "Befreiungsgrund" },
  "BT-121": { kind: "code", en: "VAT exemption reason code", de: "Code des Befreiungsgrunds" },
  "BT-126": { kind: "text", en: "Invoice line identifier", de: "Positionsnummer" },
  "BT-129": { kind: "quantity", en: "Invoiced quantity", de: "Menge" },
  "BT-130": { kind: "code", en: "Invoiced quantity unit of measure", de: "Mengeneinheit" },
  "BT-131": { kind: "amount", en: "Invoice line net amount", de: "Nettobetrag der Position" },
  "BT-146": { kind: "amount", en: "Item net price", de: "Nettopreis" },
  "BT-148": { kind: "amount", en: "Item gross price", de: "Bruttopreis" },
  "BT-151": { kind: "code", en: "Invoiced item VAT category code", de: "Umsatzsteuerkategorie der Position" },
  "BT-152": { kind: "percent", en: "Invoiced item VAT rate", de: "Steuersatz der Position" },
  "BT-153": { kind: "text", en: "Item name", de: "Artikelname" },
  "BT-154": { kind: "text", en: "Item description", de: "Artikelbeschreibung" },
  "BT-155": { kind: "text", en: "Item Seller's identifier", de: "Artikelnummer des Verkäufers" },
} as const satisfies Record<string, TermInfo>;

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
