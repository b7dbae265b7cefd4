import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imagePdf, whitePng } from "@/tests/fixtures/bombs";
import { ENGINES, NATIVE, using } from "@/tests/fixtures/engines";
import { textPng } from "@/tests/fixtures/ocr-images";
import { pdfOf } from "@/tests/fixtures/scans";
import { extractText, terminateOcr, terminatePdfReaders } from "./extract-text";
import { ocrEngineFor, ocrEngineSetting, pdfEngineSetting } from "./native";
import { meanConfidence } from "./ocr";

// Issue 14 §2: every document has a time and a memory limit; a decompression bomb or a 100-megapixel image ends its
// document in a clear error, never the process, and the next document is read.

const SLOW = { timeout: 120_000 };
const bomb = () => new Uint8Array(readFileSync(path.join(process.cwd(), "tests/fixtures/pdf/flate-bomb.pdf")));

afterAll(async () => {
  await terminateOcr();
  terminatePdfReaders();
});

describe("memory per document", () => {
  it("a flate bomb (4 KB expanding to 2 GiB) ends in DocumentTooLarge; the next PDF is read", SLOW, async () => {
    expect(bomb().byteLength).toBeLessThan(8_000);
    await expect(extractText(bomb(), "pdf", { pdfEngine: "pdfjs", memoryMegabytes: 128 })).rejects.toMatchObject({
      code: "DocumentTooLarge",
      params: { megabytes: 128 },
      message: "Reading the PDF needs more memory than the 128 MB allowed per document.",
    });
    const next = await extractText(await pdfOf([{ text: "After the bomb: INV-9" }]), "pdf", { pdfEngine: "pdfjs" });
    expect(next.text).toBe("After the bomb: INV-9");
  });

  it("several bombs at once each end in DocumentTooLarge while a plain PDF beside them is read", SLOW, async () => {
    const plain = pdfOf([{ text: "Beside the bombs" }]);
    const results = await Promise.allSettled([
      extractText(bomb(), "pdf", { pdfEngine: "pdfjs", memoryMegabytes: 128 }),
      extractText(await plain, "pdf", { pdfEngine: "pdfjs" }),
      extractText(bomb(), "pdf", { pdfEngine: "pdfjs", memoryMegabytes: 128 }),
    ]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value.text : (r.reason as { code: string }).code))).toEqual([
      "DocumentTooLarge",
      "Beside the bombs",
      "DocumentTooLarge",
    ]);
  });

  for (const engine of ENGINES)
    describe.skipIf(!engine.installed)(`read by ${engine.name}`, () => {
      it(
        "a 100-megapixel PNG of 120 KB is refused from its header: ImageTooLarge, or DocumentTooLarge when more pixels are allowed than memory",
        SLOW,
        async () => {
          const png = whitePng(10_000, 10_000);
          expect(png.byteLength).toBeLessThan(200_000);
          await expect(extractText(png, "png", using(engine))).rejects.toMatchObject({ code: "ImageTooLarge" });
          await expect(
            extractText(png, "png", { ...using(engine), maxImagePixels: 200_000_000, memoryMegabytes: 1024 }),
          ).rejects.toMatchObject({
            code: "DocumentTooLarge",
            params: { megabytes: 1024 },
            message: expect.stringContaining("10000 × 10000 pixels"),
          });
          const next = await extractText(textPng(["Still reading"]), "png", using(engine));
          expect(next.text).toContain("Still reading");
        },
      );

      it("a PDF page showing a 100-megapixel image ends in DocumentTooLarge; the next PDF is read", SLOW, async () => {
        await expect(
          extractText(imagePdf(10_000, 10_000), "pdf", { ...using(engine), memoryMegabytes: 128 }),
        ).rejects.toMatchObject({ code: "DocumentTooLarge" });
        const next = await extractText(await pdfOf([{ text: "Next document" }]), "pdf", using(engine));
        expect(next.text).toBe("Next document");
      });

      it("the time limit ends OCR at once and the next page is read", SLOW, async () => {
        const controller = new AbortController();
        const page = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a page whose time runs out`);
        const reading = extractText(textPng(page), "png", {
          ...using(engine),
          signal: controller.signal,
        });
        setTimeout(() => controller.abort(new Error("time is up")), 50);
        await expect(reading).rejects.toThrow("time is up");
        expect((await extractText(textPng(["The next page"]), "png", using(engine))).text).toContain("The next page");
      });
    });

  it.skipIf(!NATIVE.installed)("the time limit kills pdftotext, which would decode a bomb for half a minute", SLOW, async () => {
    const controller = new AbortController();
    const reading = extractText(bomb(), "pdf", { pdfEngine: "native", signal: controller.signal });
    setTimeout(() => controller.abort(new Error("time is up")), 300);
    await expect(reading).rejects.toThrow("time is up");
  });
});

describe("engines", () => {
  it("read OCR_ENGINE and PDF_ENGINE, auto by default", () => {
    const saved = { ocr: process.env.OCR_ENGINE, pdf: process.env.PDF_ENGINE };
    try {
      delete process.env.OCR_ENGINE;
      delete process.env.PDF_ENGINE;
      expect([ocrEngineSetting(), pdfEngineSetting()]).toEqual(["auto", "auto"]);
      process.env.OCR_ENGINE = "WASM";
      process.env.PDF_ENGINE = "native";
      expect([ocrEngineSetting(), pdfEngineSetting()]).toEqual(["wasm", "native"]);
      process.env.OCR_ENGINE = "fast";
      expect(() => ocrEngineSetting()).toThrow("OCR_ENGINE=fast is not one of auto, wasm, native.");
    } finally {
      for (const [key, value] of [
        ["OCR_ENGINE", saved.ocr],
        ["PDF_ENGINE", saved.pdf],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });

  it("auto takes tesseract.js for a language the tesseract command lacks", () => {
    expect(ocrEngineFor(["eng", "xyz"], "auto")).toBe("wasm");
    expect(ocrEngineFor(["eng"], "wasm")).toBe("wasm");
    expect(ocrEngineFor(["eng"], "auto")).toBe(NATIVE.installed ? "native" : "wasm");
  });

  it.skipIf(!NATIVE.installed)("native names the Debian package of a language tesseract lacks", async () => {
    await expect(extractText(textPng(["x"]), "png", { ocrEngine: "native", ocrLanguages: ["fra"] })).rejects.toMatchObject({
      code: "OcrLanguageMissing",
      message: expect.stringContaining("tesseract-ocr-fra"),
    });
  });

  it("the native confidence is the mean of the words' in tesseract's tsv", () => {
    const tsv = [
      "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
      "1\t1\t0\t0\t0\t0\t0\t0\t640\t480\t-1\t",
      "4\t1\t1\t1\t1\t0\t36\t92\t544\t30\t-1\t",
      "5\t1\t1\t1\t1\t1\t36\t92\t60\t24\t96.5\tThis",
      "5\t1\t1\t1\t1\t2\t100\t92\t20\t24\t83.5\tis",
      "5\t1\t1\t1\t1\t3\t130\t92\t20\t24\t95\t ",
    ].join("\n");
    expect(meanConfidence(tsv)).toBe(90);
    expect(meanConfidence("level\tconf\n")).toBe(0);
  });
});
