// Text quality of bench:documents: word F1 and character error rate of a text against its reference.
// Both texts are normalised the same way first: Unicode NFC, every run of whitespace (page breaks included) one space,
// trimmed. Words are the whitespace-separated tokens, compared case-sensitively with their punctuation: an OCR that
// reads "Rechnung." as "Rechnung," has missed that word.

export function normalise(text: string): string {
  return text.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** Word F1 over multisets of words: 2PR/(P+R); two empty texts agree fully. */
export function wordF1(hypothesis: string, reference: string): number {
  const hyp = words(hypothesis);
  const ref = words(reference);
  if (hyp.length === 0 && ref.length === 0) return 1;
  if (hyp.length === 0 || ref.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const w of ref) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of hyp) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / hyp.length;
  const recall = common / ref.length;
  return (2 * precision * recall) / (precision + recall);
}

function words(text: string): string[] {
  const t = normalise(text);
  return t ? t.split(" ") : [];
}

/** Above this many cells a whole-document Levenshtein takes seconds: documents are then compared page by page. */
const MAX_CELLS = 4e8;

/**
 * Character errors (Levenshtein distance on the normalised texts) and the reference's length, so a class's CER is
 * the sum of its distances over the sum of its lengths. Pages (split on form feeds, as both pdftotext and our
 * extractText join them) are compared pairwise when both texts have as many and the whole would be too large.
 */
export function charErrors(hypothesis: string, reference: string): { distance: number; length: number } | undefined {
  const h = normalise(hypothesis);
  const r = normalise(reference);
  if (h.length * r.length <= MAX_CELLS) return { distance: levenshtein(h, r), length: r.length };
  // pdftotext ends every page with a form feed, our extractText only separates them: a trailing one ends no page
  const pages = (text: string) => text.replace(/\f\s*$/u, "").split("\f");
  const hp = pages(hypothesis);
  const rp = pages(reference);
  if (hp.length !== rp.length) return undefined;
  let distance = 0;
  let length = 0;
  for (let i = 0; i < rp.length; i++) {
    const a = normalise(hp[i] ?? "");
    const b = normalise(rp[i] ?? "");
    if (a.length * b.length > MAX_CELLS) return undefined;
    distance += levenshtein(a, b);
    length += b.length;
  }
  return { distance, length };
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // code units, not code points: both sides are NFC, and the texts here are Latin script
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const del = (prev[j] as number) + 1;
      const ins = (cur[j - 1] as number) + 1;
      const sub = (prev[j - 1] as number) + cost;
      cur[j] = Math.min(del, ins, sub);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] as number;
}
