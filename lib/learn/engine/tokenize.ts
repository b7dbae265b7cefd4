import { STOP_WORDS } from "./stopwords";

/**
 * A document's words as the engine counts them, for English and German alike: composed (NFC), lower case, umlauts
 * and ß folded (ä → ae, ß → ss, so OCR's "Pruefung" meets "Prüfung"), other accents dropped (é → e), runs of letters
 * only (numbers, amounts and dates say little about a document's kind and would flood the vocabulary), stop words of
 * both languages out, then one light suffix off (stem()).
 */

const FOLD: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };
const LETTERS = /\p{L}+/gu;
const MARKS = /\p{M}+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is meant
const NON_ASCII = /[^\x00-\x7f]/;

export const MIN_TOKEN_LENGTH = 2;
export const MAX_TOKEN_LENGTH = 40;

/** lower case, umlauts and ß folded, other diacritics dropped */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // plain ASCII has nothing to compose, fold or strip (most text, and the quick way through it)
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize("NFC")
    .replace(/[äöüß]/g, (c) => FOLD[c] ?? c)
    .normalize("NFD")
    .replace(MARKS, "");
}

/**
 * One suffix off, the longest that leaves a stem of three letters or more: the plural and inflection endings of
 * English (-s, -es, -ies, -ed, -ing) and German (-e, -en, -er, -ern, -es, -ungen, -heiten, -keiten). Not a real
 * stemmer: it only has to map a word's forms to one key ("rates", "rate", "rated" → "rat"; "Rechnungen" →
 * "rechnung"), and the key is never shown (keywords show the commonest real word, see keywords.ts).
 */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ["heiten", "heit"],
  ["keiten", "keit"],
  ["ungen", "ung"],
  ["ing", ""],
  ["ies", "y"],
  ["ern", ""],
  ["ed", ""],
  ["en", ""],
  ["er", ""],
  ["es", ""],
  ["e", ""],
  ["s", ""],
];
const KEEP_ENDINGS = ["ss", "us", "is"];
const MIN_STEM = 3;

export function stem(word: string): string {
  for (const [suffix, replacement] of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    if (suffix === "s" && KEEP_ENDINGS.some((e) => word.endsWith(e))) return word;
    let base = word.slice(0, word.length - suffix.length);
    if (base.length < MIN_STEM) continue;
    // "shipping", "shipped" → "ship" like "ships"
    if ((suffix === "ing" || suffix === "ed") && /([^aeioulsz])\1$/.test(base)) base = base.slice(0, -1);
    return base + replacement;
  }
  return word;
}

const STOP = new Set(STOP_WORDS.map(fold));

/** A word that counts: letters only, not a stop word, of a sensible length; its surface form folded, not stemmed. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const match of fold(text).matchAll(LETTERS)) {
    const word = match[0];
    if (word.length < MIN_TOKEN_LENGTH || word.length > MAX_TOKEN_LENGTH || STOP.has(word)) continue;
    out.push(word);
  }
  return out;
}

/** The terms of a text, in text order: words() stemmed. */
export function tokenize(text: string): string[] {
  return words(text).map(stem);
}
