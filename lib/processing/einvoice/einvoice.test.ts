import { afterAll, describe, expect, it } from "vitest";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { ciiXml, SAMPLE_INVOICE, ublXml, zugferdPdf } from "@/tests/fixtures/einvoices";
import { pdfOf } from "@/tests/fixtures/scans";
import { terminatePdfReaders } from "../pdf-readers";
import { processDocument } from "../process-document";
import { CHECK_KEYS, checkAgainstText, checkText } from "./checks";
import { EInvoiceError, einvoiceOfAttachments, readEInvoiceText } from "./index";
import { profileOf } from "./read";

const EXPECTED_FIELDS = {
  "BT-1": "RE-2025-0815",
  "BT-2": "2025-03-14",
  "BT-5": "EUR",
  "BT-9": "2025-04-13",
  "BT-10": "04011000-12345-03",
  "BT-13": "PO-4711",
  "BT-27": "Acme Bürobedarf GmbH",
  "BT-31": "DE123456789",
  "BT-35": "Hauptstraße 5",
  "BT-37": "Berlin",
  "BT-38": "10115",
  "BT-40": "DE",
  "BT-44": "Northwind Traders AG",
  "BT-48": "DE987654321",
  "BT-52": "Hamburg",
  "BT-81": "58",
  "BT-84": "DE02120300000000202051",
  "BT-106": 204.8,
  "BT-109": 204.8,
  "BT-110": 38.91,
  "BT-112": 243.71,
  "BT-115": 243.71,
};

describe("e-invoices read into EN 16931 business terms (issue 25)", () => {
  it("reads CII (Factur-X, ZUGFeRD 2, XRechnung) term by term, amounts as numbers, dates YYYY-MM-DD", () => {
    const read = readEInvoiceText(ciiXml());
    expect(read).toMatchObject({ syntax: "CII", profile: "EN16931", fields: { ...EXPECTED_FIELDS, "BT-3": "380" } });
    expect(read?.lines).toEqual([
      {
        "BT-126": "1",
        "BT-129": 10,
        "BT-130": "C62",
        "BT-131": 45,
        "BT-146": 4.5,
        "BT-151": "S",
        "BT-152": 19,
        "BT-153": "Kopierpapier A4",
      },
      {
        "BT-126": "2",
        "BT-129": 2,
        "BT-130": "C62",
        "BT-131": 159.8,
        "BT-146": 79.9,
        "BT-151": "S",
        "BT-152": 19,
        "BT-153": "Toner schwarz",
      },
    ]);
    expect(read?.vatBreakdown).toEqual([{ "BT-116": 204.8, "BT-117": 38.91, "BT-118": "S", "BT-119": 19 }]);
    expect(read?.warnings).toEqual([]);
    // absent terms are absent
    expect(read?.fields).not.toHaveProperty("BT-107");
    expect(read?.fields).not.toHaveProperty("BT-46");
  });

  it("reads UBL invoices and credit notes to the same terms", () => {
    const invoice = readEInvoiceText(ublXml());
    expect(invoice).toMatchObject({ syntax: "UBL", profile: "XRECHNUNG", version: "3.0", fields: EXPECTED_FIELDS });
    expect(invoice?.lines).toHaveLength(2);
    expect(invoice?.warnings).toEqual([]);
    const credit = readEInvoiceText(ublXml(SAMPLE_INVOICE, "CreditNote"));
    expect(credit).toMatchObject({ syntax: "UBL", fields: { ...EXPECTED_FIELDS, "BT-3": "381" } });
    expect(credit?.lines.map((l) => l["BT-129"])).toEqual([10, 2]);
  });

  it("names the profile and version of the specification identifier", () => {
    expect(profileOf("urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic")).toEqual({
      profile: "BASIC",
      version: "Factur-X 1.0",
    });
    expect(profileOf("urn:factur-x.eu:1p0:minimum").profile).toBe("MINIMUM");
    expect(profileOf("urn:factur-x.eu:1p0:basicwl").profile).toBe("BASIC WL");
    expect(profileOf("urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended")).toEqual({
      profile: "EXTENDED",
      version: "ZUGFeRD 2.0",
    });
    expect(profileOf("urn:ferd:CrossIndustryDocument:invoice:1p0:comfort")).toEqual({
      profile: "COMFORT",
      version: "ZUGFeRD 1.0",
    });
    expect(profileOf("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_2.3")).toEqual({
      profile: "XRECHNUNG",
      version: "2.3",
    });
    expect(profileOf("urn:ferd:invoice:rc:comfort")).toEqual({ profile: "COMFORT", version: "ZUGFeRD 1.0 RC" });
    expect(profileOf("urn:example:unknown")).toEqual({ profile: null, version: null });
  });

  it("reads ZUGFeRD's release candidate (root Invoice, dates in the element itself)", () => {
    const rc = `<?xml version="1.0"?><rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5">
      <rsm:SpecifiedExchangedDocumentContext><GuidelineSpecifiedDocumentContextParameter><ID>urn:ferd:invoice:rc:comfort</ID></GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
      <rsm:HeaderExchangedDocument><ID>RE-20140519/499</ID><TypeCode>380</TypeCode><IssueDateTime format="102">20140519</IssueDateTime></rsm:HeaderExchangedDocument>
      <rsm:SpecifiedSupplyChainTradeTransaction><ApplicableSupplyChainTradeSettlement><InvoiceCurrencyCode>EUR</InvoiceCurrencyCode>
        <SpecifiedTradeSettlementMonetarySummation><GrandTotalAmount currencyID="EUR">559.84</GrandTotalAmount></SpecifiedTradeSettlementMonetarySummation>
      </ApplicableSupplyChainTradeSettlement></rsm:SpecifiedSupplyChainTradeTransaction></rsm:Invoice>`;
    expect(readEInvoiceText(rc)).toMatchObject({
      syntax: "CII",
      profile: "COMFORT",
      version: "ZUGFeRD 1.0 RC",
      fields: { "BT-1": "RE-20140519/499", "BT-2": "2014-05-19", "BT-5": "EUR", "BT-112": 559.84 },
    });
  });

  it("warns with the rule's id where the totals do not add up, and of an unknown identifier", () => {
    const broken = readEInvoiceText(
      ciiXml({ ...SAMPLE_INVOICE, guideline: "urn:example:unknown", totals: { lineTotal: 200, grand: 250 } }),
    );
    expect(broken?.warnings.map((w) => w.rule).sort()).toEqual(["BR-CO-10", "BR-CO-13", "BR-CO-15", "BR-CO-16", "EINV-PROFILE"]);
    expect(broken?.warnings.find((w) => w.rule === "BR-CO-10")).toMatchObject({
      message: "The sum of the line net amounts (BT-131) is 204.80, BT-106 says 200.00.",
      key: "lineSum",
      params: { lines: "204.80", header: "200.00" },
    });
    // MINIMUM carries no paid amount: its amount due is not held to BR-CO-16
    const minimum = readEInvoiceText(
      ciiXml({ ...SAMPLE_INVOICE, guideline: "urn:factur-x.eu:1p0:minimum", totals: { due: 100 } }),
    );
    expect(minimum?.warnings).toEqual([]);
    const vat = readEInvoiceText(ublXml({ ...SAMPLE_INVOICE, totals: { tax: 40 } }));
    expect(vat?.warnings.map((w) => w.rule)).toEqual(expect.arrayContaining(["BR-CO-15", "BR-S-09"]));
  });

  it("checks a PDF's visible text against the XML's number and total, however the total is written", () => {
    const read = readEInvoiceText(ciiXml());
    if (!read) throw new Error("not read");
    const invoice = { ...read, unreadable: [] };
    expect(checkAgainstText(invoice, "Rechnung RE-2025-0815 … Gesamtbetrag 243,71 EUR")).toEqual([]);
    expect(checkAgainstText(invoice, "Invoice RE-2025-0815 total EUR 243.71")).toEqual([]);
    expect(checkAgainstText(invoice, "Rechnung RE-2025-0816 Gesamtbetrag 234,71 EUR").map((w) => w.rule)).toEqual([
      "EINV-PDF-BT-1",
      "EINV-PDF-BT-112",
    ]);
  });

  it("is null for XML that is no e-invoice, and refuses hostile or broken e-invoice XML without reading anything", () => {
    expect(readEInvoiceText("<order><id>1</id></order>")).toBeNull();
    expect(readEInvoiceText("Invoice 4711, total 12.00")).toBeNull();
    const entity = ciiXml()
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
      )
      .replace("RE-2025-0815", "&x;&b;");
    expect(() => readEInvoiceText(entity)).toThrow(EInvoiceError);
    expect(() => readEInvoiceText(entity)).toThrow(/DOCTYPE/);
    expect(() => readEInvoiceText(ciiXml().replace("</rsm:ExchangedDocument>", ""))).toThrow(/not well-formed/);
  });

  it("takes the e-invoice among a PDF's attachments by content, whatever their names", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const found = einvoiceOfAttachments(
      [
        { name: "notes.xml", bytes: encode("<notes>nothing</notes>") },
        { name: "invoice-data.xml", bytes: encode(ublXml()) },
      ],
      "RE-2025-0815 243,71",
    );
    expect(found.einvoice).toMatchObject({ syntax: "UBL", file: "invoice-data.xml", warnings: [] });
    const broken = einvoiceOfAttachments([{ name: "factur-x.xml", bytes: encode(ciiXml().slice(0, 400)) }], "");
    expect(broken.einvoice).toBeNull();
    expect(broken.unreadable).toEqual([{ file: "factur-x.xml", reason: expect.stringMatching(/not well-formed/) }]);
  });
});

describe("the checks' messages (issue 25)", () => {
  it("has each check's message in both languages, the English one the same as result.json's", () => {
    const english = en.einvoice.check as Record<string, string>;
    const german = de.einvoice.check as Record<string, string>;
    expect(Object.keys(english).sort()).toEqual([...CHECK_KEYS].sort());
    expect(Object.keys(german).sort()).toEqual([...CHECK_KEYS].sort());
    for (const key of CHECK_KEYS) {
      const names = [...(english[key] ?? "").matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const params = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const icu = (english[key] ?? "").replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      expect(icu, key).toBe(checkText(key, params));
      for (const name of names) expect(german[key], `${key} {${name}}`).toContain(`{${name}}`);
    }
  });
});

describe("e-invoices in processDocument (issue 25)", () => {
  const project = {
    documentClasses: [
      {
        name: "E-Invoice",
        keywords: [],
        patterns: [],
        einvoice: true,
        fields: [
          { name: "Total", source: "BT-112", type: "amount" as const, pattern: "Gesamtbetrag ([\\d.,]+)" },
          { name: "Number", source: "BT-1", type: "string" as const },
          { name: "Due", source: "BT-9", type: "date" as const },
        ],
      },
      {
        name: "Invoice",
        keywords: ["Rechnung", "Gesamtbetrag"],
        patterns: [],
        fields: [{ name: "Total", source: "BT-112", type: "amount" as const, pattern: "Gesamtbetrag ([\\d.,]+)", locale: "de" }],
      },
    ],
  };
  afterAll(() => terminatePdfReaders());

  it("reads a ZUGFeRD PDF's embedded XML, routes it to the class that asks for an e-invoice, and takes fields from its terms", async () => {
    const doc = await processDocument({ fileName: "invoice.pdf", bytes: await zugferdPdf(), project });
    expect(doc.className).toBe("E-Invoice");
    expect(doc.fields).toEqual({ Total: 243.71, Number: "RE-2025-0815", Due: "2025-04-13" });
    expect(doc.einvoice).toMatchObject({ syntax: "CII", profile: "EN16931", file: "factur-x.xml", warnings: [] });
    expect(doc.einvoice?.lines).toHaveLength(2);
  });

  it("warns where the PDF shows another total or number than its XML", async () => {
    const bytes = await zugferdPdf(SAMPLE_INVOICE, { shownTotal: "234,71", shownNumber: "RE-2025-0816", name: "invoice.xml" });
    const doc = await processDocument({ fileName: "invoice.pdf", bytes, project });
    expect(doc.einvoice?.warnings.map((w) => w.rule)).toEqual(["EINV-PDF-BT-1", "EINV-PDF-BT-112"]);
  });

  it("reads an XML document posted as it is; a PDF without one reads its fields from the text as before", async () => {
    const xml = await processDocument({ fileName: "x.xml", bytes: new TextEncoder().encode(ublXml()), project });
    expect(xml).toMatchObject({ className: "E-Invoice", type: "text", einvoice: { syntax: "UBL", profile: "XRECHNUNG" } });
    expect(xml.fields.Total).toBe(243.71);
    const plain = await pdfOf([{ text: "Rechnung RE-1\nGesamtbetrag 1.234,50 EUR" }]);
    const pdf = await processDocument({ fileName: "plain.pdf", bytes: plain, project });
    expect(pdf).toMatchObject({ className: "Invoice", fields: { Total: 1234.5 } });
    expect(pdf.einvoice).toBeUndefined();
  });

  it("ends a hostile or broken e-invoice XML in InvalidEInvoice, and keeps a PDF with a broken one as a PDF", async () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${ciiXml().replace(/^<\?xml[^>]*>/, "")}`;
    await expect(
      processDocument({ fileName: "hostile.xml", bytes: new TextEncoder().encode(hostile), project }),
    ).rejects.toMatchObject({ code: "InvalidEInvoice" });
    const bytes = await zugferdPdf(SAMPLE_INVOICE, { xml: ciiXml().slice(0, 500) });
    const doc = await processDocument({ fileName: "broken.pdf", bytes, project });
    expect(doc).toMatchObject({ className: "Invoice", fields: { Total: 243.71 } });
    expect(doc.einvoiceUnreadable).toEqual([{ file: "factur-x.xml", reason: expect.stringMatching(/not well-formed/) }]);
  });
});
