import { createCanvas, loadImage } from "@napi-rs/canvas";
import UTIF from "utif2";
import type { DocumentType } from "./detect";

/**
 * Pixels for OCR: an image's size read from its header (before anything is decoded, so that a decompression bomb is
 * refused at a few bytes' cost), decoding to 8-bit grey (Skia through @napi-rs/canvas; TIFF through utif2, which
 * reads the CCITT, LZW, PackBits, Deflate and JPEG compressions of scanners), rotation by quarter turns, and the PGM
 * file tesseract reads without a decoder of its own.
 */

export type GreyImage = { width: number; height: number; grey: Uint8Array };
export type QuarterTurn = 0 | 90 | 180 | 270;

/** An image of more pixels than this is refused (a 600 dpi A3 scan has 70 million): see `ImageTooLarge`. */
export const DEFAULT_MAX_IMAGE_PIXELS = 80_000_000;

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u24le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16);

/** Width and height from the header of a PNG, JPEG, GIF, BMP, WebP or TIFF (its largest page); undefined when the header does not say. */
export function imageSize(bytes: Uint8Array, type: DocumentType): { width: number; height: number } | undefined {
  const b = bytes;
  switch (type) {
    case "png":
      return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : undefined;
    case "gif":
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : undefined;
    case "bmp": {
      if (b.length < 26) return undefined;
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
    }
    case "webp": {
      const chunk = String.fromCharCode(...b.subarray(12, 16));
      if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
      if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      if (chunk === "VP8L" && b.length >= 25) {
        const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      return undefined;
    }
    case "jpeg": {
      // the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC) holds the size
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return undefined;
        const marker = b[i + 1] ?? 0;
        if (marker === 0xff) {
          i++;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
        i += 2 + u16be(b, i + 2);
      }
      return undefined;
    }
    case "tiff": {
      // the largest page: every directory's size is in the header chain
      let largest: { width: number; height: number } | undefined;
      for (const ifd of UTIF.decode(toArrayBuffer(b))) {
        const width = (ifd.t256 as number[] | undefined)?.[0] ?? 0;
        const height = (ifd.t257 as number[] | undefined)?.[0] ?? 0;
        if (!largest || width * height > largest.width * largest.height) largest = { width, height };
      }
      return largest;
    }
    default:
      return undefined;
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** RGBA to grey (ITU-R BT.601 weights, 8-bit fixed point), alpha composed over white. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < grey.length; i++, j += 4) {
    const y = ((rgba[j] ?? 0) * 77 + (rgba[j + 1] ?? 0) * 150 + (rgba[j + 2] ?? 0) * 29) >> 8;
    const a = rgba[j + 3] ?? 255;
    grey[i] = a === 255 ? y : (y * a + 255 * (255 - a)) / 255;
  }
  return { width, height, grey };
}

/** Decodes one image (a TIFF's first page) to grey pixels; throws when the bytes are not an image it can read. */
export async function decodeGrey(bytes: Uint8Array, type: DocumentType): Promise<GreyImage> {
  if (type === "tiff") {
    const ifds = UTIF.decode(toArrayBuffer(bytes));
    const page = ifds[0];
    if (!page) throw new Error("the TIFF has no page");
    UTIF.decodeImage(toArrayBuffer(bytes), page);
    return greyFromRgba(UTIF.toRGBA8(page), page.width, page.height);
  }
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, image.width, image.height);
  ctx.drawImage(image, 0, 0);
  return greyFromRgba(ctx.getImageData(0, 0, image.width, image.height).data, image.width, image.height);
}

/** The image turned clockwise by a quarter-turn multiple. */
export function rotateGrey(image: GreyImage, degrees: QuarterTurn): GreyImage {
  const { width: w, height: h, grey } = image;
  if (degrees === 0) return image;
  const out = new Uint8Array(grey.length);
  if (degrees === 180) {
    for (let i = 0, n = grey.length; i < n; i++) out[n - 1 - i] = grey[i] as number;
    return { width: w, height: h, grey: out };
  }
  // 90: the source's row y becomes the target's column h-1-y; 270: its column y, read bottom up
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (degrees === 90) for (let x = 0; x < w; x++) out[x * h + (h - 1 - y)] = grey[row + x] as number;
    else for (let x = 0; x < w; x++) out[(w - 1 - x) * h + y] = grey[row + x] as number;
  }
  return { width: h, height: w, grey: out };
}

/** A binary PGM (P5) file of the image: what Leptonica reads without any codec. */
export function pgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const out = new Uint8Array(header.length + image.grey.length);
  out.set(header);
  out.set(image.grey, header.length);
  return out;
}

/**
 * The EXIF orientation of a JPEG (1–8; 1 when it has none): how a camera says the pixels are to be turned. Skia and
 * tesseract.js apply it; Leptonica, which the tesseract command reads with, does not.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const b = bytes;
  let i = 2;
  while (i + 4 < b.length && b[i] === 0xff) {
    const marker = b[i + 1] ?? 0;
    const length = u16be(b, i + 2);
    // APP1 "Exif\0\0" followed by a TIFF header
    if (marker === 0xe1 && String.fromCharCode(...b.subarray(i + 4, i + 10)) === "Exif\0\0") {
      const tiff = i + 10;
      const little = b[tiff] === 0x49;
      const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
      const u32 = (at: number) => (little ? u16le(b, at) + u16le(b, at + 2) * 0x10000 : u32be(b, at));
      const ifd = tiff + u32(tiff + 4);
      const count = u16(ifd);
      for (let e = 0; e < count && ifd + 2 + e * 12 + 12 <= b.length; e++) {
        const entry = ifd + 2 + e * 12;
        if (u16(entry) === 0x0112) return u16(entry + 8) || 1;
      }
      return 1;
    }
    // start of scan: no more headers
    if (marker === 0xda) return 1;
    i += 2 + length;
  }
  return 1;
}
