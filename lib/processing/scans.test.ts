import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENGINES, using } from "@/tests/fixtures/engines";
import { greyTiff, textGreyPixels, textJpeg, textPng } from "@/tests/fixtures/ocr-images";
import { cameraJpeg, damageStream, pdfOf, turnedPng, twoColumnPng } from "@/tests/fixtures/scans";
import { arabicLigaturePdf, verticalCJKPdf } from "@/tests/fixtures/script-pdfs";
import { detectType } from "./detect";
import { extractText, terminateOcr, terminatePdfReaders } from "./extract-text";
import { projectOcrImages, projectOcrLanguages } from "./ocr";
import { decodeGrey, imageSize, jpegOrientation, rotateGrey } from "./raster";

// Documents as customers send them (issue 14 §1): scanned and mixed PDFs, pages turned on their side, columns,
// damaged and encrypted PDFs, images too large to decode. The scans are drawn at test time (tests/fixtures/scans.ts);
// the encrypted PDFs were made once with qpdf (tests/fixtures/pdf/README.md).

const OCR = { timeout: 120_000 };
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/pdf", name)));
const words = (text: string) => text.replace(/\s+/g, " ").trim();

const INVOICE = ["INVOICE 4711 from Acme Trading Ltd", "Total amount due: 1,234.56 EUR", "Payable within thirty days"];
const ORDER = ["PURCHASE ORDER 2025-118", "Deliver to: North Depot, Gate 4"];

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

for (const engine of ENGINES)
  describe.skipIf(!engine.installed)(`read by ${engine.name}`, () => {
    describe("scanned PDFs", () => {
      it("reads every page that is only an image by OCR and counts the pages", OCR, async () => {
        const pdf = await pdfOf([{ scan: textPng(INVOICE) }, { scan: textPng(ORDER) }]);
        const result = await extractText(pdf, "pdf", using(engine));
        expect(result).toMatchObject({ pages: 2, isMultiPage: true, method: "pdf", ocrPages: 2, turnedPages: 0, warnings: [] });
        const [one, two] = result.text.split("\f").map(words);
        expect(one).toContain("INVOICE 4711 from Acme Trading Ltd");
        expect(one).toContain("1,234.56 EUR");
        expect(two).toContain("PURCHASE ORDER 2025-118");
      });

      it("keeps the text layer of born-digital pages and reads only the scanned one", OCR, async () => {
        const pdf = await pdfOf([
          { text: "Cover letter\nDear customer, please find our order attached." },
          { scan: textPng(ORDER) },
        ]);
        const result = await extractText(pdf, "pdf", using(engine));
        expect(result).toMatchObject({ pages: 2, ocrPages: 1 });
        const [one, two] = result.text.split("\f");
        expect(one).toBe("Cover letter\nDear customer, please find our order attached.");
        expect(words(two ?? "")).toContain("PURCHASE ORDER 2025-118");
      });

      // blank pages and pages of drawings are not read by OCR: extract-text.test.ts

      // issue 24 §5: a sender's address set as a picture on a page that has text (the project's property OcrImages)
      it("reads the image of a page with a text layer too when asked, adding only what the text layer lacks", OCR, async () => {
        const pdf = await pdfOf([
          {
            text: "Invoice 4711\nTotal amount due: 250.00 EUR",
            image: textPng(["Northwind Traders GmbH", "Badweg 48, 8401 Gorredijk"]),
          },
        ]);
        const plain = await extractText(pdf, "pdf", using(engine));
        expect(plain).toMatchObject({ ocrPages: 0 });
        expect(plain.text).toBe("Invoice 4711\nTotal amount due: 250.00 EUR");
        const read = await extractText(pdf, "pdf", { ...using(engine), ocrImages: true });
        expect(read).toMatchObject({ pages: 1, ocrPages: 1 });
        const [layer, image] = read.text.split("\n\n");
        expect(layer).toBe("Invoice 4711\nTotal amount due: 250.00 EUR");
        expect(words(image ?? "")).toContain("Northwind Traders GmbH");
        expect(words(image ?? "")).toContain("Badweg 48, 8401 Gorredijk");
        // what OCR read of the text layer is not added again
        expect(image).not.toContain("Invoice 4711");
        expect(read.layoutText).toContain("Northwind Traders GmbH");
      });

      it.each([90, 180, 270] as const)("turns a scanned page that lies turned by %i° upright", OCR, async (turn) => {
        const pdf = await pdfOf([{ scan: await turnedPng(textPng(INVOICE), turn) }]);
        const result = await extractText(pdf, "pdf", using(engine));
        expect(result).toMatchObject({ ocrPages: 1, turnedPages: 1 });
        expect(words(result.text)).toContain("INVOICE 4711 from Acme Trading Ltd");
        expect(words(result.text)).toContain("Payable within thirty days");
      });
    });

    describe("images", () => {
      it.each([90, 180, 270] as const)("turns a photographed page lying at %i° upright", OCR, async (turn) => {
        const png = await turnedPng(textPng(INVOICE), turn);
        const result = await extractText(png, "png", using(engine));
        expect(result).toMatchObject({ method: "ocr", pages: 1, ocrPages: 1, turnedPages: 1 });
        expect(words(result.text)).toContain("Total amount due: 1,234.56 EUR");
      });

      it("turns a TIFF page lying on its side upright and reads the upright one as it is", OCR, async () => {
        const turned = await decodeGrey(await turnedPng(textPng(INVOICE), 270), "png");
        const tiff = greyTiff([textGreyPixels(ORDER), turned]);
        const result = await extractText(tiff, "tiff", using(engine));
        expect(result).toMatchObject({ pages: 2, ocrPages: 2, turnedPages: 1 });
        const [one, two] = result.text.split("\f").map(words);
        expect(one).toContain("PURCHASE ORDER 2025-118");
        expect(two).toContain("INVOICE 4711 from Acme Trading Ltd");
      });

      it("reads a photo as its EXIF orientation says, without turning it again", OCR, async () => {
        // stored a quarter turn anticlockwise, with orientation 6: "turn it a quarter clockwise to show it"
        const jpeg = await cameraJpeg(await turnedPng(textPng(INVOICE), 270), 6);
        expect(jpegOrientation(jpeg)).toBe(6);
        const result = await extractText(jpeg, "jpeg", using(engine));
        expect(result).toMatchObject({ turnedPages: 0, ocrPages: 1 });
        expect(words(result.text)).toContain("INVOICE 4711 from Acme Trading Ltd");
      });

      it("reads an upright image without turning it", OCR, async () => {
        const result = await extractText(textJpeg(INVOICE), "jpeg", using(engine));
        expect(result).toMatchObject({ turnedPages: 0, ocrPages: 1 });
        expect(words(result.text)).toContain("INVOICE 4711 from Acme Trading Ltd");
      });

      it("reads two columns one after the other, as tesseract's automatic page segmentation does", OCR, async () => {
        const left = [
          "The delivery arrived on",
          "Monday morning with two",
          "pallets missing from the",
          "order we placed in May.",
          "Please send them soon",
          "or credit the amount.",
        ];
        const right = [
          "Invoice number 4711 is",
          "attached to this letter",
          "and lists every pallet",
          "that was shipped to our",
          "warehouse at the north",
          "gate. Payment is due in",
        ];
        const text = words((await extractText(await twoColumnPng(left, right), "png", using(engine))).text);
        // read as one block (tesseract.js' own default), each printed line would mix both columns:
        // "The delivery arrived on Invoice number 4711 is Monday morning with two attached to this letter …"
        expect(text).toContain(words(left.join(" ")));
        expect(text).toContain(words(right.join(" ")));
        expect(text.indexOf("The delivery")).toBeLessThan(text.indexOf("Invoice number"));
      });

      it("reads German with the project's languages", OCR, async () => {
        const png = textPng(["Rechnung für Müller & Söhne", "Gesamtbetrag: 98,70 €, fällig in 14 Tagen"]);
        const text = words(
          (
            await extractText(png, "png", {
              ...using(engine),
              ocrLanguages: projectOcrLanguages([{ name: "OcrLanguages", value: "deu" }]),
            })
          ).text,
        );
        expect(text).toContain("Rechnung für Müller & Söhne");
        expect(text).toContain("fällig in 14 Tagen");
      });

      it("refuses an image of more pixels than allowed from its header, before decoding it", async () => {
        // a PNG header that claims 20 000 × 20 000 pixels (a decompression bomb's): nothing is decoded
        const png = textPng(["x"]);
        const bomb = new Uint8Array(png);
        const view = new DataView(bomb.buffer);
        view.setUint32(16, 20_000);
        view.setUint32(20, 20_000);
        await expect(extractText(bomb, "png", using(engine))).rejects.toMatchObject({
          code: "ImageTooLarge",
          message: expect.stringContaining("20000 × 20000"),
        });
        await expect(extractText(png, "png", { ...using(engine), maxImagePixels: 100 })).rejects.toMatchObject({
          code: "ImageTooLarge",
        });
      });
    });

    describe("damaged and encrypted PDFs", () => {
      it("keeps the readable pages of a PDF with a damaged stream and names the damaged page", async () => {
        const pdf = damageStream(
          await pdfOf([{ text: "First page: ORDER 1001" }, { text: "Second page" }, { text: "Third page: Total 77.10" }]),
          1,
        );
        const result = await extractText(pdf, "pdf", using(engine));
        expect(result.pages).toBe(3);
        expect(result.text.split("\f")).toEqual(["First page: ORDER 1001", "", "Third page: Total 77.10"]);
        expect(result.warnings).toEqual([{ page: 2, reason: expect.stringMatching(/flate stream/i) }]);
      });

      it("reads a PDF whose cross-reference offset is wrong", async () => {
        const pdf = Buffer.from(await pdfOf([{ text: "Reconstructed: INV-77" }]));
        const broken = Buffer.from(pdf.toString("latin1").replace(/startxref\n\d+/, "startxref\n999"), "latin1");
        expect((await extractText(new Uint8Array(broken), "pdf", using(engine))).text).toBe("Reconstructed: INV-77");
      });

      it("reads a PDF encrypted with an empty user password", async () => {
        const result = await extractText(fixture("encrypted-no-user-password.pdf"), "pdf", using(engine));
        expect(result.text).toContain("CONFIDENTIAL INVOICE No. SEC-2025-042");
      });

      it("names a PDF that needs a password", async () => {
        await expect(extractText(fixture("encrypted-with-password.pdf"), "pdf", using(engine))).rejects.toMatchObject({
          code: "PasswordProtected",
          message: "The PDF is protected by a password.",
        });
      });
    });

    // both printed by Chromium (tests/fixtures/pdf/README.md), which draws Arabic as presentation forms left to right and
    // vertical Japanese glyph by glyph
    describe("scripts in their reading order", () => {
      it.each([
        [
          "Arabic and Hebrew lines in logical order, numbers and Latin words kept as written",
          "right-to-left.pdf",
          [
            "فاتورة رقم 4711 بتاريخ اليوم",
            "المورد ACME Trading Ltd في برلين",
            "חשבונית מספר 88 לתשלום",
            "Invoice 4711, total 250.00 EUR",
            // a left-to-right line with an Arabic phrase in it (pdftotext puts this one's parts in reverse)
            "The supplier المورد الجديد delivers from Berlin",
          ],
        ],
        [
          "Japanese set top to bottom column by column, not a line a glyph",
          "vertical-japanese.pdf",
          ["請求書番号四七一一", "合計金額は二百五十円です", "支払期限は三十日以内", "Invoice 4711"],
        ],
      ])("reads %s", async (_what, file, lines) => {
        expect((await extractText(fixture(file), "pdf", using(engine))).text.split("\n")).toEqual(lines);
      });

      // issue 24 §1
      it("reads Japanese in a CJK font the PDF does not embed (a predefined CMap), column by column", async () => {
        const read = await extractText(verticalCJKPdf(["請求書番号", "合計金額"]), "pdf", using(engine));
        expect(read.text.split("\n")).toEqual(["請求書番号", "合計金額"]);
      });

      it("reads an Arabic ligature glyph (lam with khah) as its two letters in their order", async () => {
        expect((await extractText(arabicLigaturePdf(), "pdf", using(engine))).text).toBe("الخطوط");
      });
    });
  });

describe("raster", () => {
  it("reads the size from the header of each image type", async () => {
    const png = textPng(["size"]);
    const { width, height } = await decodeGrey(png, "png");
    expect(imageSize(png, "png")).toEqual({ width, height });
    expect(imageSize(textJpeg(["size"]), "jpeg")).toEqual({ width, height });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x27, 0x20, 0x4e]);
    expect(imageSize(gif, "gif")).toEqual({ width: 10_000, height: 20_000 });
    const bmp = new Uint8Array(26);
    new DataView(bmp.buffer).setInt32(18, 300, true);
    new DataView(bmp.buffer).setInt32(22, -200, true);
    expect(imageSize(bmp, "bmp")).toEqual({ width: 300, height: 200 });
    expect(imageSize(new Uint8Array(4), "png")).toBeUndefined();
  });

  it("turns grey pixels by quarter turns", () => {
    // 3 × 2:  1 2 3 / 4 5 6
    const image = { width: 3, height: 2, grey: new Uint8Array([1, 2, 3, 4, 5, 6]) };
    expect(rotateGrey(image, 90)).toEqual({ width: 2, height: 3, grey: new Uint8Array([4, 1, 5, 2, 6, 3]) });
    expect(rotateGrey(image, 180)).toEqual({ width: 3, height: 2, grey: new Uint8Array([6, 5, 4, 3, 2, 1]) });
    expect(rotateGrey(image, 270)).toEqual({ width: 2, height: 3, grey: new Uint8Array([3, 6, 2, 5, 1, 4]) });
    expect(rotateGrey(rotateGrey(image, 90), 270)).toEqual(image);
  });

  it("decodes a PNG to the grey pixels it was drawn from", async () => {
    const lines = ["grey"];
    const decoded = await decodeGrey(textPng(lines), "png");
    const drawn = textGreyPixels(lines);
    expect(decoded.width).toBe(drawn.width);
    expect(decoded.height).toBe(drawn.height);
    let differing = 0;
    for (let i = 0; i < drawn.grey.length; i++) if (Math.abs((decoded.grey[i] ?? 0) - (drawn.grey[i] ?? 0)) > 2) differing++;
    expect(differing).toBe(0);
  });

  it("reads a project's OcrImages property", () => {
    expect(projectOcrImages([{ name: "OcrImages", value: "true" }])).toBe(true);
    expect(projectOcrImages([{ name: "ocrimages", value: " Yes " }])).toBe(true);
    expect(projectOcrImages([{ name: "OcrImages", value: "false" }])).toBe(false);
    expect(projectOcrImages([])).toBe(false);
  });

  it("reads a project's OCR languages from its properties", () => {
    expect(projectOcrLanguages([{ name: "OcrLanguages", value: "deu+eng" }])).toEqual(["deu", "eng"]);
    expect(projectOcrLanguages([{ name: "ocrlanguages", value: " fra, eng " }])).toEqual(["fra", "eng"]);
    expect(projectOcrLanguages([{ name: "OcrLanguages", value: "" }])).toBeUndefined();
    expect(projectOcrLanguages([{ name: "Language", value: "de-DE" }])).toBeUndefined();
  });
});

it("detects a scanned PDF as a PDF", async () => {
  expect(detectType(await pdfOf([{ scan: textPng(["x"]) }]))).toBe("pdf");
});
