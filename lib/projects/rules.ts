import type { Project, ProjectProperty, ProjectType, StoredDocumentClass } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { isTerm, TERMS } from "@/lib/processing/einvoice/terms";
import type { ProjectDocument } from "./schemas";

// Pure rules of the project services (no database).

/** The types of learn projects (spec operations §3); every other type is an extraction project's (or a state). */
export const LEARN_PROJECT_TYPES = ["Learn", "LinkedLearn"] as const satisfies readonly ProjectType[];

/** Which list a project belongs to: the projects or the learn projects (spec operations §2). */
export type ProjectArea = "extraction" | "learn";

export function isLearnType(type: ProjectType): boolean {
  return (LEARN_PROJECT_TYPES as readonly ProjectType[]).includes(type);
}

export function areaOf(type: ProjectType): ProjectArea {
  return isLearnType(type) ? "learn" : "extraction";
}

/**
 * A project file declares its type; it must be one of the list it is added to (a learn project file under learn
 * projects, any other under projects), or the project would show in the other list.
 */
export function assertFileArea(document: Pick<ProjectDocument, "type">, area: ProjectArea): void {
  if (areaOf(document.type) === area) return;
  throw new AppError("projects_error_invalidFile", {
    problem: "wrongType",
    type: document.type,
    expected: area,
    reason: `it declares the type ${document.type}, which belongs to the ${area === "learn" ? "projects" : "learn projects"}`,
  });
}

/** A change names the version it was made on; another version was saved meanwhile. */
export function assertVersion(project: Project, sent: number): void {
  if (project.version !== sent) throw new AppError("ProjectVersionMismatch", { current: project.version, sent });
}

/** spec operations §5 "Saving properties": every property name non-empty. */
export function checkProperties(properties: ProjectProperty[]): void {
  if (properties.some((p) => !p.name.trim())) throw new AppError("projects_error_propertyKeyEmpty");
}

/**
 * The document classes a project keeps of its project.json (what processing a job needs). The project's `locale` is
 * kept with each date and amount field that has none of its own, and its `text` with each field without its own
 * (docs/project-file.md), so a field is read the same whichever class or project holds it.
 */
export function classesOf(doc: ProjectDocument): StoredDocumentClass[] {
  const { locale, text } = doc;
  const withLocale = (f: StoredField) => (!locale || f.type === "string" || f.locale ? f : { ...f, locale });
  const withText = (f: StoredField) => (!text || f.text ? f : { ...f, text });
  // the rules of issue 24 §3 (requiredKeywords, priority, replace…) as the file names them: zod leaves out what it
  // does not, so an older project's classes stay as they were
  return doc.documentClasses.map(({ name, keywords, patterns, fields, lines, ...rules }) => ({
    name,
    keywords,
    patterns,
    fields: fields.map((f) => withText(withLocale(typed(f)))),
    ...rules,
    // line items read the layout text unless they say otherwise; the project's locale is theirs too
    ...(lines ? { lines: locale && !lines.locale ? { ...lines, locale } : lines } : {}),
  }));
}
type DocumentField = ProjectDocument["documentClasses"][number]["fields"][number];
type StoredField = StoredDocumentClass["fields"][number];

/** a field with a `source` and no type takes its term's kind: amounts amount, quantities and rates number, dates date */
function typed(field: DocumentField): StoredField {
  if (field.type) return field as StoredField;
  const kind = field.source && isTerm(field.source) ? TERMS[field.source] : "text";
  const type =
    kind === "amount" ? "amount" : kind === "date" ? "date" : kind === "quantity" || kind === "percent" ? "number" : "string";
  return { ...field, type };
}

/** What an export of a learn project taught a class of a linked extraction project: its name and centroid. */
export type LearnedClass = { name: string; centroid: string };

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The learned part of a project's classes (docs/decisions.md "Learn runs and export"): every class with a centroid. */
export function learnedClassesOf(classes: readonly StoredDocumentClass[]): LearnedClass[] {
  return classes.flatMap((c) => (c.centroid ? [{ name: c.name, centroid: c.centroid }] : []));
}

/** A project's classes without what exports taught: learned-only classes go, a class of the file forgets its centroid. */
export function withoutLearned(classes: readonly StoredDocumentClass[]): StoredDocumentClass[] {
  return classes.flatMap(({ centroid: _, ...c }) => (c.learned ? [] : [c]));
}

/**
 * A project's classes with the learned ones of an export (docs/decisions.md "Learn runs and export"), no name twice:
 * a learned class named like a class of the file (whatever the case) is that class, taught the centroid (its name,
 * rules and fields stay); the others are added as learned-only classes (no rules) after the file's. What an earlier
 * export taught is replaced.
 */
export function withLearned(classes: readonly StoredDocumentClass[], learned: readonly LearnedClass[]): StoredDocumentClass[] {
  const own = withoutLearned(classes);
  const taught = own.map((c) => {
    const match = learned.find((l) => sameName(l.name, c.name));
    return match ? { ...c, centroid: match.centroid } : c;
  });
  const added = learned
    .filter((l) => !own.some((c) => sameName(c.name, l.name)))
    .map((l) => ({ name: l.name, keywords: [], patterns: [], fields: [], learned: true, centroid: l.centroid }));
  return [...taught, ...added];
}

/**
 * What an export changes of a project's classes, by class name: `added` (no class of that name before), `replaced`
 * (a class of that name learns something else: another centroid, or a class of the file taught for the first time;
 * its rules and fields stay), `unchanged` (the same centroid) and `removed` (learned before, exported no more: a
 * learned-only class goes, a class of the file forgets what it learned).
 */
export function learnedChanges(
  before: readonly StoredDocumentClass[],
  after: readonly StoredDocumentClass[],
): { added: string[]; replaced: string[]; unchanged: string[]; removed: string[] } {
  const was = learnedClassesOf(before);
  const now = learnedClassesOf(after);
  const changes = { added: [] as string[], replaced: [] as string[], unchanged: [] as string[], removed: [] as string[] };
  for (const c of now) {
    const earlier = was.find((w) => sameName(w.name, c.name));
    if (!before.some((b) => sameName(b.name, c.name))) changes.added.push(c.name);
    else if (earlier?.centroid === c.centroid) changes.unchanged.push(c.name);
    else changes.replaced.push(c.name);
  }
  for (const w of was) if (!now.some((c) => sameName(c.name, w.name))) changes.removed.push(w.name);
  return changes;
}
