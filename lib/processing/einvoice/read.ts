import { TERMS, type Term, type TermValue, type TermValues } from "./terms";
import { all, first, textAt, type XmlElement } from "./xml";

/**
 * An e-invoice's XML read into EN 16931 business terms (issue 25): CII (ZUGFeRD 1 `CrossIndustryDocument` and its
 * release candidate's `Invoice`; ZUGFeRD 2, Factur-X and XRechnung `CrossIndustryInvoice`) and UBL 2.1 (`Invoice`,
 * `CreditNote`). The paths are the
 * syntax bindings of EN 16931-3 (parts 3-2 UBL, 3-3 CII; ZUGFeRD 1.0's own schema for its `CrossIndustryDocument`).
 * A term the XML does not carry is absent, never guessed.
 */

export type Syntax = "CII" | "UBL";
export type ReadEInvoice = {
  syntax: Syntax;
  /** MINIMUM, BASIC WL, BASIC, EN16931 (ZUGFeRD 1: COMFORT), EXTENDED, XRECHNUNG; null when the identifier is unknown */
  profile: string | null;
  /** the version of the specification the identifier names (ZUGFeRD 1.0, Factur-X 1.0, XRechnung 3.0 …), or null */
  version: string | null;
  fields: TermValues;
  lines: TermValues[];
  vatBreakdown: TermValues[];
  /** values the reader could not normalise (a date or number written otherwise), as `BT-x: raw` */
  unreadable: string[];
};

const NS = {
  cii: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  zugferd1: "urn:ferd:CrossIndustryDocument:invoice:1p0",
  /** ZUGFeRD's release candidate (2013/14, "urn:ferd:invoice:rc:…"): ZUGFeRD 1.0's structure under another root */
  zugferdRc: "urn:un:unece:uncefact:data:standard:CBFBUY:5",
  ublInvoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  ublCreditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
};

/** The root's syntax, or undefined when the XML is not an e-invoice of a syntax read here. */
export function syntaxOf(root: XmlElement): "CII" | "CII-1" | "UBL" | undefined {
  if (root.name === "CrossIndustryInvoice" && root.ns === NS.cii) return "CII";
  if (root.name === "CrossIndustryDocument" && root.ns === NS.zugferd1) return "CII-1";
  if (root.name === "Invoice" && root.ns === NS.zugferdRc) return "CII-1";
  if ((root.name === "Invoice" && root.ns === NS.ublInvoice) || (root.name === "CreditNote" && root.ns === NS.ublCreditNote))
    return "UBL";
  return undefined;
}

/** Reads the business terms of an e-invoice's root element (syntaxOf it is not undefined). */
export function readEInvoiceXml(root: XmlElement): ReadEInvoice {
  const syntax = syntaxOf(root);
  const values = new Values();
  if (syntax === "UBL") readUbl(root, values);
  else readCii(root, values, syntax === "CII-1" ? ZUGFERD1_NAMES : CII_NAMES);
  const { profile, version } = profileOf(String(values.fields["BT-24"] ?? ""));
  return {
    syntax: syntax === "UBL" ? "UBL" : "CII",
    profile,
    version,
    fields: values.fields,
    lines: values.lines,
    vatBreakdown: values.vat,
    unreadable: values.unreadable,
  };
}

/** the values read so far, normalised by the kind of their term */
class Values {
  fields: TermValues = {};
  lines: TermValues[] = [];
  vat: TermValues[] = [];
  unreadable: string[] = [];

  /** sets `term` in `into` from the text when there is one */
  set(into: TermValues, term: Term, raw: string | undefined, dateFormat?: string) {
    if (raw === undefined || raw.trim() === "") return;
    const value = normalise(term, raw.trim(), dateFormat);
    if (value === undefined) {
      this.unreadable.push(`${term}: ${raw.trim().slice(0, 80)}`);
      into[term] = raw.trim();
    } else into[term] = value;
  }
}

function normalise(term: Term, raw: string, dateFormat?: string): TermValue | undefined {
  const kind = TERMS[term];
  if (kind === "amount" || kind === "quantity" || kind === "percent") {
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return undefined;
    return Number(raw);
  }
  if (kind === "date") {
    // CII's DateTimeString format 102 (CCYYMMDD); UBL's xs:date (CCYY-MM-DD, a time zone allowed)
    const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
    if (compact && (dateFormat === undefined || dateFormat === "102")) return `${compact[1]}-${compact[2]}-${compact[3]}`;
    const iso = /^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(raw);
    return iso ? iso[1] : undefined;
  }
  return raw;
}

/** CII's date: the DateTimeString below the element, with its format (ZUGFeRD's release candidate: the element's own) */
function ciiDate(values: Values, into: TermValues, term: Term, element: XmlElement | undefined) {
  const string = first(element, "DateTimeString") ?? element;
  values.set(into, term, string?.text, string?.attrs.format ?? "102");
}

/** an identifier of a tax registration with the scheme asked for (VA: VAT, FC: tax number) */
const registration = (party: XmlElement | undefined, path: string, scheme: string) =>
  all(party, path).find((id) => id.attrs.schemeID === scheme)?.text;

function ciiAddress(values: Values, address: XmlElement | undefined, terms: readonly Term[]) {
  const paths = ["LineOne", "LineTwo", "LineThree", "CityName", "PostcodeCode", "CountrySubDivisionName", "CountryID"];
  paths.forEach((path, i) => {
    values.set(values.fields, terms[i] as Term, textAt(address, path));
  });
}
const SELLER_ADDRESS: readonly Term[] = ["BT-35", "BT-36", "BT-162", "BT-37", "BT-38", "BT-39", "BT-40"];
const BUYER_ADDRESS: readonly Term[] = ["BT-50", "BT-51", "BT-163", "BT-52", "BT-53", "BT-54", "BT-55"];

/** BT-110 is the total VAT in the invoice currency: of several TaxTotalAmount elements the one in BT-5 */
function vatTotal(values: Values, totals: XmlElement[], currency: string | undefined) {
  const inInvoice = totals.find((t) => !t.attrs.currencyID || t.attrs.currencyID === currency) ?? totals[0];
  values.set(values.fields, "BT-110", inInvoice?.text);
  const other = totals.find((t) => t !== inInvoice && t.attrs.currencyID && t.attrs.currencyID !== currency);
  values.set(values.fields, "BT-111", other?.text);
}

/**
 * The element names where CII (D16B: Factur-X, ZUGFeRD 2, XRechnung) and ZUGFeRD 1.0's CrossIndustryDocument differ;
 * below these containers both name the terms alike.
 */
type CiiNames = {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  settlement: string;
  sums: string;
  orderId: string;
  rate: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineSums: string;
};
const CII_NAMES: CiiNames = {
  context: "ExchangedDocumentContext",
  document: "ExchangedDocument",
  transaction: "SupplyChainTradeTransaction",
  agreement: "ApplicableHeaderTradeAgreement",
  settlement: "ApplicableHeaderTradeSettlement",
  sums: "SpecifiedTradeSettlementHeaderMonetarySummation",
  orderId: "BuyerOrderReferencedDocument/IssuerAssignedID",
  rate: "RateApplicablePercent",
  lineAgreement: "SpecifiedLineTradeAgreement",
  lineDelivery: "SpecifiedLineTradeDelivery",
  lineSettlement: "SpecifiedLineTradeSettlement",
  lineSums: "SpecifiedTradeSettlementLineMonetarySummation",
};
const ZUGFERD1_NAMES: CiiNames = {
  context: "SpecifiedExchangedDocumentContext",
  document: "HeaderExchangedDocument",
  transaction: "SpecifiedSupplyChainTradeTransaction",
  agreement: "ApplicableSupplyChainTradeAgreement",
  settlement: "ApplicableSupplyChainTradeSettlement",
  sums: "SpecifiedTradeSettlementMonetarySummation",
  orderId: "BuyerOrderReferencedDocument/ID",
  rate: "ApplicablePercent",
  lineAgreement: "SpecifiedSupplyChainTradeAgreement",
  lineDelivery: "SpecifiedSupplyChainTradeDelivery",
  lineSettlement: "SpecifiedSupplyChainTradeSettlement",
  lineSums: "SpecifiedTradeSettlementMonetarySummation",
};

function readCii(root: XmlElement, values: Values, n: CiiNames) {
  const f = values.fields;
  const context = first(root, n.context);
  values.set(f, "BT-24", textAt(context, "GuidelineSpecifiedDocumentContextParameter/ID"));
  values.set(f, "BT-23", textAt(context, "BusinessProcessSpecifiedDocumentContextParameter/ID"));
  const document = first(root, n.document);
  values.set(f, "BT-1", textAt(document, "ID"));
  values.set(f, "BT-3", textAt(document, "TypeCode"));
  ciiDate(values, f, "BT-2", first(document, "IssueDateTime"));
  const transaction = first(root, n.transaction);
  const agreement = first(transaction, n.agreement);
  values.set(f, "BT-10", textAt(agreement, "BuyerReference"));
  values.set(f, "BT-13", textAt(agreement, n.orderId));
  const seller = first(agreement, "SellerTradeParty");
  values.set(f, "BT-27", textAt(seller, "Name"));
  values.set(f, "BT-29", textAt(seller, "ID") ?? textAt(seller, "GlobalID"));
  values.set(f, "BT-31", registration(seller, "SpecifiedTaxRegistration/ID", "VA"));
  values.set(f, "BT-32", registration(seller, "SpecifiedTaxRegistration/ID", "FC"));
  ciiAddress(values, first(seller, "PostalTradeAddress"), SELLER_ADDRESS);
  const buyer = first(agreement, "BuyerTradeParty");
  values.set(f, "BT-44", textAt(buyer, "Name"));
  values.set(f, "BT-46", textAt(buyer, "ID") ?? textAt(buyer, "GlobalID"));
  values.set(f, "BT-48", registration(buyer, "SpecifiedTaxRegistration/ID", "VA"));
  ciiAddress(values, first(buyer, "PostalTradeAddress"), BUYER_ADDRESS);
  const settlement = first(transaction, n.settlement);
  const currency = textAt(settlement, "InvoiceCurrencyCode");
  values.set(f, "BT-5", currency);
  values.set(f, "BT-6", textAt(settlement, "TaxCurrencyCode"));
  values.set(f, "BT-83", textAt(settlement, "PaymentReference"));
  const means = first(settlement, "SpecifiedTradeSettlementPaymentMeans");
  values.set(f, "BT-81", textAt(means, "TypeCode"));
  values.set(
    f,
    "BT-84",
    textAt(means, "PayeePartyCreditorFinancialAccount/IBANID") ??
      textAt(means, "PayeePartyCreditorFinancialAccount/ProprietaryID"),
  );
  const terms = first(settlement, "SpecifiedTradePaymentTerms");
  values.set(f, "BT-20", textAt(terms, "Description"));
  ciiDate(values, f, "BT-9", first(terms, "DueDateDateTime"));
  const sums = first(settlement, n.sums);
  values.set(f, "BT-106", textAt(sums, "LineTotalAmount"));
  values.set(f, "BT-107", textAt(sums, "AllowanceTotalAmount"));
  values.set(f, "BT-108", textAt(sums, "ChargeTotalAmount"));
  values.set(f, "BT-109", textAt(sums, "TaxBasisTotalAmount"));
  vatTotal(values, all(sums, "TaxTotalAmount"), currency);
  values.set(f, "BT-112", textAt(sums, "GrandTotalAmount"));
  values.set(f, "BT-113", textAt(sums, "TotalPrepaidAmount"));
  values.set(f, "BT-114", textAt(sums, "RoundingAmount"));
  values.set(f, "BT-115", textAt(sums, "DuePayableAmount"));
  for (const tax of all(settlement, "ApplicableTradeTax")) {
    const row: TermValues = {};
    values.set(row, "BT-116", textAt(tax, "BasisAmount"));
    values.set(row, "BT-117", textAt(tax, "CalculatedAmount"));
    values.set(row, "BT-118", textAt(tax, "CategoryCode"));
    values.set(row, "BT-119", textAt(tax, n.rate));
    values.set(row, "BT-120", textAt(tax, "ExemptionReason"));
    values.set(row, "BT-121", textAt(tax, "ExemptionReasonCode"));
    values.vat.push(row);
  }
  for (const item of all(transaction, "IncludedSupplyChainTradeLineItem")) {
    const row: TermValues = {};
    values.set(row, "BT-126", textAt(item, "AssociatedDocumentLineDocument/LineID"));
    const quantity = first(item, `${n.lineDelivery}/BilledQuantity`);
    values.set(row, "BT-129", quantity?.text);
    values.set(row, "BT-130", quantity?.attrs.unitCode);
    values.set(row, "BT-131", textAt(item, `${n.lineSettlement}/${n.lineSums}/LineTotalAmount`));
    values.set(row, "BT-146", textAt(item, `${n.lineAgreement}/NetPriceProductTradePrice/ChargeAmount`));
    values.set(row, "BT-148", textAt(item, `${n.lineAgreement}/GrossPriceProductTradePrice/ChargeAmount`));
    values.set(row, "BT-151", textAt(item, `${n.lineSettlement}/ApplicableTradeTax/CategoryCode`));
    values.set(row, "BT-152", textAt(item, `${n.lineSettlement}/ApplicableTradeTax/${n.rate}`));
    values.set(row, "BT-153", textAt(item, "SpecifiedTradeProduct/Name"));
    values.set(row, "BT-154", textAt(item, "SpecifiedTradeProduct/Description"));
    values.set(row, "BT-155", textAt(item, "SpecifiedTradeProduct/SellerAssignedID"));
    values.lines.push(row);
  }
}

function ublAddress(values: Values, address: XmlElement | undefined, terms: readonly Term[]) {
  const paths = ["StreetName", "AdditionalStreetName", "AddressLine/Line", "CityName", "PostalZone", "CountrySubentity"];
  paths.forEach((path, i) => {
    values.set(values.fields, terms[i] as Term, textAt(address, path));
  });
  values.set(values.fields, terms[6] as Term, textAt(address, "Country/IdentificationCode"));
}

/** a party's VAT identifier (the PartyTaxScheme whose scheme is VAT) or its other tax registration */
const ublTaxId = (party: XmlElement | undefined, vat: boolean) =>
  all(party, "PartyTaxScheme")
    .find((s) => (textAt(s, "TaxScheme/ID") === "VAT") === vat)
    ?.children.find((c) => c.name === "CompanyID")?.text;

function readUbl(root: XmlElement, values: Values) {
  const f = values.fields;
  const credit = root.name === "CreditNote";
  values.set(f, "BT-24", textAt(root, "CustomizationID"));
  values.set(f, "BT-23", textAt(root, "ProfileID"));
  values.set(f, "BT-1", textAt(root, "ID"));
  values.set(f, "BT-2", textAt(root, "IssueDate"));
  values.set(f, "BT-3", textAt(root, credit ? "CreditNoteTypeCode" : "InvoiceTypeCode"));
  const currency = textAt(root, "DocumentCurrencyCode");
  values.set(f, "BT-5", currency);
  values.set(f, "BT-6", textAt(root, "TaxCurrencyCode"));
  values.set(f, "BT-9", textAt(root, "DueDate") ?? textAt(root, "PaymentMeans/PaymentDueDate"));
  values.set(f, "BT-10", textAt(root, "BuyerReference"));
  values.set(f, "BT-13", textAt(root, "OrderReference/ID"));
  const seller = first(root, "AccountingSupplierParty/Party");
  values.set(f, "BT-27", textAt(seller, "PartyLegalEntity/RegistrationName"));
  values.set(f, "BT-29", textAt(seller, "PartyIdentification/ID"));
  values.set(f, "BT-31", ublTaxId(seller, true));
  values.set(f, "BT-32", ublTaxId(seller, false));
  ublAddress(values, first(seller, "PostalAddress"), SELLER_ADDRESS);
  const buyer = first(root, "AccountingCustomerParty/Party");
  values.set(f, "BT-44", textAt(buyer, "PartyLegalEntity/RegistrationName"));
  values.set(f, "BT-46", textAt(buyer, "PartyIdentification/ID"));
  values.set(f, "BT-48", ublTaxId(buyer, true));
  ublAddress(values, first(buyer, "PostalAddress"), BUYER_ADDRESS);
  const means = first(root, "PaymentMeans");
  values.set(f, "BT-81", textAt(means, "PaymentMeansCode"));
  values.set(f, "BT-83", textAt(means, "PaymentID"));
  values.set(f, "BT-84", textAt(means, "PayeeFinancialAccount/ID"));
  values.set(f, "BT-20", textAt(root, "PaymentTerms/Note"));
  const sums = first(root, "LegalMonetaryTotal");
  values.set(f, "BT-106", textAt(sums, "LineExtensionAmount"));
  values.set(f, "BT-107", textAt(sums, "AllowanceTotalAmount"));
  values.set(f, "BT-108", textAt(sums, "ChargeTotalAmount"));
  values.set(f, "BT-109", textAt(sums, "TaxExclusiveAmount"));
  vatTotal(values, all(root, "TaxTotal/TaxAmount"), currency);
  values.set(f, "BT-112", textAt(sums, "TaxInclusiveAmount"));
  values.set(f, "BT-113", textAt(sums, "PrepaidAmount"));
  values.set(f, "BT-114", textAt(sums, "PayableRoundingAmount"));
  values.set(f, "BT-115", textAt(sums, "PayableAmount"));
  // the breakdown is the TaxTotal in the invoice currency (the other one, in BT-6, has no subtotals)
  for (const tax of all(root, "TaxTotal/TaxSubtotal")) {
    const row: TermValues = {};
    values.set(row, "BT-116", textAt(tax, "TaxableAmount"));
    values.set(row, "BT-117", textAt(tax, "TaxAmount"));
    values.set(row, "BT-118", textAt(tax, "TaxCategory/ID"));
    values.set(row, "BT-119", textAt(tax, "TaxCategory/Percent"));
    values.set(row, "BT-120", textAt(tax, "TaxCategory/TaxExemptionReason"));
    values.set(row, "BT-121", textAt(tax, "TaxCategory/TaxExemptionReasonCode"));
    values.vat.push(row);
  }
  for (const line of all(root, credit ? "CreditNoteLine" : "InvoiceLine")) {
    const row: TermValues = {};
    values.set(row, "BT-126", textAt(line, "ID"));
    const quantity = first(line, credit ? "CreditedQuantity" : "InvoicedQuantity");
    values.set(row, "BT-129", quantity?.text);
    values.set(row, "BT-130", quantity?.attrs.unitCode);
    values.set(row, "BT-131", textAt(line, "LineExtensionAmount"));
    values.set(row, "BT-146", textAt(line, "Price/PriceAmount"));
    values.set(row, "BT-148", textAt(line, "Price/AllowanceCharge/BaseAmount"));
    values.set(row, "BT-151", textAt(line, "Item/ClassifiedTaxCategory/ID"));
    values.set(row, "BT-152", textAt(line, "Item/ClassifiedTaxCategory/Percent"));
    values.set(row, "BT-153", textAt(line, "Item/Name"));
    values.set(row, "BT-154", textAt(line, "Item/Description"));
    values.set(row, "BT-155", textAt(line, "Item/SellersItemIdentification/ID"));
    values.lines.push(row);
  }
}

/** the profile and version a specification identifier (BT-24) names */
export function profileOf(id: string): { profile: string | null; version: string | null } {
  const s = id.toLowerCase();
  const xrechnung = /xrechnung_(\d+\.\d+)/.exec(s);
  if (xrechnung) return { profile: "XRECHNUNG", version: xrechnung[1] ?? null };
  const ferd1 = /urn:ferd:crossindustrydocument:invoice:1p0:(basic|comfort|extended)/.exec(s);
  if (ferd1) return { profile: (ferd1[1] as string).toUpperCase(), version: "ZUGFeRD 1.0" };
  const rc = /urn:ferd:invoice:rc:(basic|comfort|extended)/.exec(s);
  if (rc) return { profile: (rc[1] as string).toUpperCase(), version: "ZUGFeRD 1.0 RC" };
  const fx = /(factur-x\.eu|zugferd\.de):(\d)p(\d):(minimum|basicwl|basic|en16931|extended|xrechnung)/.exec(s);
  if (fx) {
    const profile = fx[4] === "basicwl" ? "BASIC WL" : (fx[4] as string).toUpperCase();
    return { profile, version: `${fx[1] === "zugferd.de" ? "ZUGFeRD" : "Factur-X"} ${fx[2]}.${fx[3]}` };
  }
  if (/^urn:cen\.eu:en16931:2017$/.test(s)) return { profile: "EN16931", version: "EN 16931:2017" };
  if (/peppol/.test(s)) return { profile: "PEPPOL BIS Billing", version: /(\d+\.\d+)$/.exec(s)?.[1] ?? null };
  return { profile: null, version: null };
}
