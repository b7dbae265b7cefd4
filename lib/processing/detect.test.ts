import { describe, expect, it } from "vitest";
import { type DocumentType, decodeTextBytes, detectType, fileExtension, type TextSubtype, textSubtype } from "./detect";

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
const withTail = (head: Uint8Array, size = 64) => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  // binary filler with NULs, as real image bodies have
  for (let i = head.length; i < out.length; i++) out[i] = (i * 7) % 256;
  return out;
};
const utf16 = (text: string, bigEndian: boolean) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), !bigEndian);
  return out;
};
function bmpHeader(dibSize: number): Uint8Array {
  const head = new Uint8Array(54);
  head.set([0x42, 0x4d]);
  new DataView(head.buffer).setUint32(14, dibSize, true);
  return head;
}

describe("detectType", () => {
  const cases: [string, Uint8Array, DocumentType, string?][] = [
    ["PDF", utf8("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj"), "pdf"],
    ["PDF header after junk, binary body", withTail(new Uint8Array([0x00, 0x01, ...utf8("%PDF-1.4")])), "pdf"],
    ["PNG", withTail(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), "png"],
    ["JPEG", withTail(bytes(0xff, 0xd8, 0xff, 0xe0)), "jpeg"],
    ["TIFF little endian", withTail(bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0)), "tiff"],
    ["TIFF big endian", withTail(bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8)), "tiff"],
    ["BigTIFF", withTail(bytes(0x49, 0x49, 0x2b, 0x00)), "tiff"],
    ["BMP", withTail(bmpHeader(40)), "bmp"],
    ["BMP v5", withTail(bmpHeader(124)), "bmp"],
    ["GIF87a", withTail(utf8("GIF87a")), "gif"],
    ["GIF89a", withTail(utf8("GIF89a")), "gif"],
    ["WebP", withTail(new Uint8Array([...utf8("RIFF"), 1, 2, 3, 4, ...utf8("WEBPVP8 ")])), "webp"],
    ["RIFF that is not WebP (WAV)", withTail(new Uint8Array([...utf8("RIFF"), 1, 2, 0, 0, ...utf8("WAVEfmt ")])), "unknown"],
    ["plain UTF-8 text", utf8("Sehr geehrte Damen und Herren, Größe: 3 m²"), "text"],
    ["UTF-8 with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Rechnung")]), "text"],
    ["UTF-16 LE with BOM", utf16("Rechnung Nr. 1", false), "text"],
    ["UTF-16 BE with BOM", utf16("Invoice No. 1", true), "text"],
    ["UTF-32 LE BOM (unsupported)", new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]), "unknown"],
    ["text starting with BM is not a bitmap", utf8("BMW Group invoice, 30 lines of text follow here."), "text"],
    ["text mentioning %PDF- stays text", utf8("A note: files start with %PDF-1.4"), "text"],
    ["CSV", utf8("a;b;c\n1;2;3\n"), "text"],
    ["JSON", utf8('{"invoice": 1}'), "text"],
    ["XML", utf8('<?xml version="1.0"?><invoice/>'), "text"],
    ["NUL bytes", bytes(0x41, 0x42, 0x00, 0x43), "unknown"],
    ["invalid UTF-8", bytes(0x41, 0xc3, 0x28, 0x42), "unknown"],
    ["control characters", bytes(0x01, 0x02, 0x03, 0x41), "unknown"],
    ["Latin-1 text named .csv", bytes(...utf8("Gr"), 0xf6, 0xdf, ...utf8("e;Preis\n1;2\n")), "text", "daten.csv"],
    ["Latin-1 text without a text name", bytes(...utf8("Gr"), 0xf6, 0xdf, 0x65), "unknown", "daten.bin"],
    ["empty file", new Uint8Array(0), "text"],
    ["empty file named .pdf", new Uint8Array(0), "unknown", "scan.pdf"],
    ["a .pdf name does not make text a PDF", utf8("just text"), "text", "letter.pdf"],
    ["a .png name does not make a PDF an image", utf8("%PDF-1.4 ..."), "pdf", "scan.png"],
  ];
  it.each(cases)("%s", (_name, input, expected, fileName) => {
    expect(detectType(input, fileName)).toBe(expected);
  });
});

describe("textSubtype", () => {
  const cases: [string, string | Uint8Array, TextSubtype, string?][] = [
    ["JSON object", '  {"a": [1, 2], "b": "x"}\n', "json"],
    ["JSON array", "[1, 2, 3]", "json"],
    ["broken JSON", '{"a": ', "plain"],
    ["XML with declaration", '<?xml version="1.0" encoding="UTF-8"?>\n<invoice><no>1</no></invoice>', "xml"],
    ["XML without declaration", "<!-- x -->\n<invoice id='1'>\n  <total>5</total>\n</invoice>\n", "xml"],
    ["XML bytes with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("<a>1</a>")]), "xml"],
    ["semicolon CSV", "Nr;Datum;Betrag\n1;2025-03-15;12,50\n2;2025-03-16;7,00\n", "csv"],
    ["comma CSV with quoted commas", 'name,amount\n"Doe, John",5\n"Roe, Jane",6\n', "csv"],
    ["tab separated", "a\tb\n1\t2\n", "csv"],
    ["one-line CSV named .csv", "a,b,c", "csv", "export.csv"],
    ["one-line without a name", "a,b,c", "plain"],
    ["prose with commas", "Dear Sir, we thank you.\nPlease pay, soon, the total, of 5 EUR.\n", "plain"],
    ["tabular text named .txt", "a;b\n1;2\n", "plain", "notes.txt"],
    ["letter", "Sehr geehrte Damen und Herren,\n\nvielen Dank.\n", "plain"],
    ["empty", "", "plain"],
  ];
  it.each(cases)("%s", (_name, input, expected, fileName) => {
    expect(textSubtype(input, fileName)).toBe(expected);
  });
});

describe("helpers", () => {
  it("takes the extension of the last path part", () => {
    expect(fileExtension("a/b.c/Scan.PDF")).toBe("pdf");
    expect(fileExtension(".bashrc")).toBe("");
    expect(fileExtension(undefined)).toBe("");
  });

  it("decodes legacy 8-bit text only when allowed, honouring an XML declaration", () => {
    expect(decodeTextBytes(bytes(0x47, 0x72, 0xf6, 0xdf, 0x65))).toBeUndefined();
    expect(decodeTextBytes(bytes(0x47, 0x72, 0xf6, 0xdf, 0x65), true)).toBe("Größe");
    const xml = new Uint8Array([...utf8('<?xml version="1.0" encoding="ISO-8859-15"?><p>'), 0xa4, ...utf8("</p>")]);
    expect(decodeTextBytes(xml, true)).toContain("<p>€</p>");
  });
});
