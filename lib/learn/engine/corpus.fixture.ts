import { seededRandom } from "./random";

/**
 * Small made-up documents of a few kinds, English and German, for the engine's unit tests (quality is measured on a
 * real corpus in bench/learn). Each document draws most of its words from its kind's pool and a few from a pool
 * common to all kinds.
 */
export const POOLS = {
  invoice:
    "invoice invoices amount due payment total tax vat customer bank transfer net gross order item price quantity pay account remittance",
  delivery:
    "Lieferschein Lieferung Ware Paket Empfänger Versand Spedition Anzahl Artikel Lager Zustellung Sendung Gewicht Palette Abholung Straße",
  application:
    "application position experience skills resume university degree interview career motivation team employer references qualifications",
  recipe: "flour sugar oven bake butter eggs minutes stir bowl dough salt cream vanilla whisk baking",
} as const;
const COMMON = "date number page reference contact address phone office regards dear";

export type Kind = keyof typeof POOLS;

export function makeDocuments(kind: Kind, count: number, seed: number, prefix: string = kind): { key: string; text: string }[] {
  const random = seededRandom(seed);
  const pool = POOLS[kind].split(" ");
  const common = COMMON.split(" ");
  const pick = (words: string[]) => words[Math.floor(random.next() * words.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const words = [
      ...Array.from({ length: 30 }, () => pick(pool)),
      ...Array.from({ length: 6 }, () => pick(common)),
      String(1000 + Math.floor(random.next() * 9000)),
    ];
    return { key: `${prefix}-${String(i).padStart(2, "0")}`, text: words.join(" ") };
  });
}
