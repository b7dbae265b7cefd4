/**
 * DESIGN.md "Processing a job": a document's class from the project's document classes. Keywords match
 * case-insensitively on word boundaries, patterns are case-insensitive regular expressions; score =
 * keyword hits + 2 × pattern hits; the best class with a score above 0 wins (ties: the first in order),
 * else "Unknown"; confidence = the winner's share of all scores. A project linked to a learn project also has learned
 * classes ("the learned model when the project is linked to a learn project"): see classifyWithLearned.
 *
 * Issue 24 §3 (docs/project-file.md "Document classes"): a class may also name `requiredKeywords` (it scores only
 * when every one occurs; each occurrence counts as a keyword's), `excludeKeywords` (it scores nothing when one
 * occurs), the same as regular expressions (`requiredPatterns`, each match counting as a pattern's; `excludePatterns`) and a `priority` (of classes with the best score, the highest priority wins; 0 when absent). These two
 * lists need a word boundary only at an end that is a letter or digit ("$" is found in "$12"). A class without them is
 * scored exactly as before.
 */

export type ClassRule = {
  name: string;
  keywords: readonly string[];
  patterns: readonly string[];
  requiredKeywords?: readonly string[];
  excludeKeywords?: readonly string[];
  /** as requiredKeywords and excludeKeywords, regular expressions (a template tool's keywords are) */
  requiredPatterns?: readonly string[];
  excludePatterns?: readonly string[];
  priority?: number;
  /** its patterns (required, exclude, fields', line items', rewrites) match case as written; keywords never do */
  caseSensitive?: boolean;
  /** the class takes only documents that carry an e-invoice, which counts as a pattern's match (issue 25) */
  einvoice?: boolean;
};
/** what is known of the document beside its text */
export type ClassifyContext = { einvoice: boolean };

/** the flags of a pattern: case-insensitive (DESIGN.md) unless its class says `caseSensitive` */
export const patternFlags = (flags: string, caseSensitive: boolean | undefined) => (caseSensitive ? flags : `${flags}i`);
export type Classification = {
  /** "Unknown" when no class scores above 0 */
  className: string;
  /** the winner's share of the sum of all scores, 0..1, three decimals (0 for "Unknown") */
  confidence: number;
  /** every class's score */
  scores: Record<string, number>;
};

export const UNKNOWN_CLASS = "Unknown";
export const KEYWORD_WEIGHT = 1;
export const PATTERN_WEIGHT = 2;

/** letters, digits and combining marks: what a keyword must not touch on either side */
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}]";

export function escapeRegExp(text: string): string {
  // the syntax characters only: "u" mode refuses any other escape (such as \-)
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** a user's pattern that does not compile */
export class InvalidPatternError extends Error {
  readonly pattern: string;

  constructor(pattern: string, owner: string, cause: unknown) {
    super(
      `The pattern /${pattern}/ of ${owner} is not a valid regular expression: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = "InvalidPatternError";
    this.pattern = pattern;
  }
}

/**
 * Compiles a project's pattern with the given flags plus "u" (Unicode: \p{…}, astral characters).
 * Patterns written for engines without Unicode mode (`\-` outside a class, `[\w-.]`) are a syntax error
 * with "u": those compile without it rather than fail the job.
 */
export function compilePattern(pattern: string, flags: string, owner: string): RegExp {
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch (unicodeError) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      throw new InvalidPatternError(pattern, owner, unicodeError);
    }
  }
}

/** the number of non-empty matches (a zero-length match, e.g. of /x*\/, counts nothing; matchAll moves past it) */
export function countMatches(text: string, regex: RegExp): number {
  const global = regex.global ? regex : new RegExp(regex.source, `${regex.flags}g`);
  let count = 0;
  for (const match of text.matchAll(global)) if (match[0].length > 0) count++;
  return count;
}

export function keywordRegExp(keyword: string): RegExp {
  const escaped = escapeRegExp(keyword.normalize("NFC"));
  return new RegExp(`(?<!${WORD_CHAR})${escaped}(?!${WORD_CHAR})`, "giu");
}

const WORD_EDGE = new RegExp(`^${WORD_CHAR}`, "u");
const WORD_END = new RegExp(`${WORD_CHAR}$`, "u");

/**
 * a required or exclude keyword: a word boundary only where the keyword has a letter or digit at that end, so a sign
 * is found beside a number ("$" in "$12", "€" in "12€") as a template tool's keyword is
 */
export function edgeKeywordRegExp(keyword: string): RegExp {
  const text = keyword.normalize("NFC");
  const before = WORD_EDGE.test(text) ? `(?<!${WORD_CHAR})` : "";
  const after = WORD_END.test(text) ? `(?!${WORD_CHAR})` : "";
  return new RegExp(`${before}${escapeRegExp(text)}${after}`, "giu");
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const keywordHits = (text: string, keyword: string, regExpOf = keywordRegExp) =>
  keyword.trim() === "" ? 0 : countMatches(text, regExpOf(keyword.trim()));

/**
 * a class's score: each keyword occurrence counts 1, each pattern match 2 (a class with `einvoice`: 0 for a document
 * without an e-invoice, and the e-invoice counts as a match); 0 when one of its `requiredKeywords` is
 * missing or one of its `excludeKeywords` occurs (the occurrences of required keywords count as keywords')
 */
export function scoreClass(text: string, rule: ClassRule, context?: ClassifyContext): number {
  let score = 0;
  if (rule.einvoice) {
    if (!context?.einvoice) return 0;
    score += PATTERN_WEIGHT;
  }
  const owner = `document class "${rule.name}"`;
  // a required or exclude pattern occurs when it matches at all (a lookahead too); its non-empty matches score
  const flags = (f: string) => patternFlags(f, rule.caseSensitive);
  const occurs = (pattern: string) => pattern !== "" && compilePattern(pattern, flags(""), owner).test(text);
  const patternHits = (pattern: string) => (pattern === "" ? 0 : countMatches(text, compilePattern(pattern, flags("g"), owner)));
  for (const keyword of rule.excludeKeywords ?? []) if (keywordHits(text, keyword, edgeKeywordRegExp) > 0) return 0;
  for (const pattern of rule.excludePatterns ?? []) if (occurs(pattern)) return 0;
  for (const pattern of rule.requiredPatterns ?? []) {
    if (pattern !== "" && !occurs(pattern)) return 0;
    score += PATTERN_WEIGHT * patternHits(pattern);
  }
  for (const keyword of rule.requiredKeywords ?? []) {
    const hits = keywordHits(text, keyword, edgeKeywordRegExp);
    if (hits === 0 && keyword.trim() !== "") return 0;
    score += KEYWORD_WEIGHT * hits;
  }
  for (const keyword of rule.keywords) score += KEYWORD_WEIGHT * keywordHits(text, keyword);
  for (const pattern of rule.patterns) score += PATTERN_WEIGHT * patternHits(pattern);
  return score;
}

export function classify(text: string, documentClasses: readonly ClassRule[], context?: ClassifyContext): Classification {
  // the same letters may be composed or decomposed (ä or a + ¨): compare both in composed form
  const normalized = text.normalize("NFC");
  // a Map, not an object: a class may be named "constructor" or "__proto__"
  const scores = new Map<string, number>();
  const priorities = new Map<string, number>();
  const forEInvoices = new Set<string>();
  for (const rule of documentClasses) {
    // a class defined twice counts as one, with the rules of both (and the higher priority of the two)
    scores.set(rule.name, (scores.get(rule.name) ?? 0) + scoreClass(normalized, rule, context));
    priorities.set(rule.name, Math.max(priorities.get(rule.name) ?? Number.NEGATIVE_INFINITY, rule.priority ?? 0));
    if (rule.einvoice) forEInvoices.add(rule.name);
  }
  // a document with an e-invoice goes to a class that requires one when such a class scores: another class's keywords
  // (an XML's element names say "Invoice" many times) do not take it away (docs/decisions.md "E-invoices")
  const einvoiceOnly = context?.einvoice === true && [...forEInvoices].some((name) => (scores.get(name) ?? 0) > 0);
  let best: string | undefined;
  let bestScore = 0;
  let bestPriority = 0;
  let total = 0;
  for (const [name, score] of scores) {
    total += score;
    if (einvoiceOnly && !forEInvoices.has(name)) continue;
    const priority = priorities.get(name) ?? 0;
    // a better score wins; of equal scores the higher priority, then the first in order
    if (score > bestScore || (score === bestScore && score > 0 && priority > bestPriority)) {
      best = name;
      bestScore = score;
      bestPriority = priority;
    }
  }
  const record = Object.fromEntries(scores);
  if (best === undefined) return { className: UNKNOWN_CLASS, confidence: 0, scores: record };
  return { className: best, confidence: round3(bestScore / total), scores: record };
}

/** The learned classes of a linked extraction project: the nearest class by cosine, null below the project's similarity. */
export type LearnedMatcher = { match: (text: string) => { name: string | null; similarity: number } };

/**
 * DESIGN.md "Processing a job" for a project linked to a learn project (docs/decisions.md "Learn runs and export"): the
 * keyword and pattern rules first; when they name a class (a score above 0), it wins as without learning. Otherwise
 * the learned classes answer: the nearest centroid, if its cosine reaches the learn project's similarity, with
 * confidence = that cosine (three decimals); else "Unknown". Rules a person wrote are explicit and beat a learned
 * guess; the learned classes cover what the rules do not.
 */
export function classifyWithLearned(
  text: string,
  documentClasses: readonly ClassRule[],
  learned: LearnedMatcher | undefined,
  context?: ClassifyContext,
): Classification {
  const byRules = classify(text, documentClasses, context);
  if (byRules.confidence > 0 || !learned) return byRules;
  const match = learned.match(text);
  if (match.name === null) return byRules;
  return { className: match.name, confidence: round3(match.similarity), scores: byRules.scores };
}
