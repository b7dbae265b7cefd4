import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPdfJs } from "./pdfjs";
import type { GreyImage } from "./raster";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "pdf", name)));

describe("pdf.js", () => {
  // the pdf.js copy inside unpdf has no OpenJPEG decoder: a JPX scan rendered as a white page and read as nothing
  it("decodes a JPEG 2000 page image: the page handed to OCR is the picture, not a white page", async () => {
    const images: GreyImage[] = [];
    await readPdfJs(fixture("jpeg2000.pdf"), {
      ocr: async (image: { grey: GreyImage }) => {
        images.push(image.grey);
        return { text: "", turned: 0 };
      },
    } as never);
    expect(images).toHaveLength(1);
    const [page] = images;
    const mean = (page?.grey ?? new Uint8Array()).reduce((sum, v) => sum + v, 0) / (page?.grey.length || 1);
    // the castle picture is mostly dark (mean ≈ 33); an undecoded image leaves the page white (255)
    expect(mean).toBeLessThan(128);
  });
});
