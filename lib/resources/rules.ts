import { RESOURCE_LEVELS, RESOURCE_TYPES, type ResourceLevel, type ResourceType } from "@/db/schema/resources";
import type { ErrorEntry } from "@/lib/errors/app-error";

/** Pure rules of resources (spec operations §3, §5, §9; DESIGN.md "Resources"); the form imports them too. */

type ResourceTypeName = ResourceType;
/** RESOURCE_LEVELS is most specific first: the order in which processing looks for a resource */
type ResourceLevelName = ResourceLevel;

/** spec operations §9: a resource name takes at most 50 characters */
export const RESOURCE_NAME_MAX = 50;
/** a pool name (subtype): as long as a resource name */
export const POOL_NAME_MAX = 50;

/** spec operations §5/§9: the extension a name must end in, per type (Other: any) */
export const RESOURCE_EXTENSIONS: Record<ResourceTypeName, string | null> = {
  Csv: ".csv",
  LanguageKeyFile: ".txt",
  Profile: ".xml",
  Other: null,
};

export function isResourceType(value: string): value is ResourceTypeName {
  return (RESOURCE_TYPES as readonly string[]).includes(value);
}

export function isResourceLevel(value: string): value is ResourceLevelName {
  return (RESOURCE_LEVELS as readonly string[]).includes(value);
}

export function isProjectLevel(level: ResourceLevelName): boolean {
  return level === "Project" || level === "ProjectCustomizing";
}

/** A name is also a file name: no path separators, not "." or "..", no control characters. */
function unsafeName(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /[\\/\u0000-\u001f\u007f]/.test(name) || name === "." || name === "..";
}

/** spec operations §5 "Resource": the problem of a resource name of a type, or null. */
export function resourceNameProblem(name: string, type: ResourceTypeName): ErrorEntry | null {
  const trimmed = name.trim();
  if (!trimmed) return { code: "resources_error_noName" };
  if (trimmed.length > RESOURCE_NAME_MAX)
    return { code: "resources_error_nameLengthExceeded", params: { max: RESOURCE_NAME_MAX } };
  if (unsafeName(trimmed)) return { code: "resources_error_invalidName", params: { name: trimmed } };
  const extension = RESOURCE_EXTENSIONS[type];
  if (extension && !trimmed.toLowerCase().endsWith(extension)) {
    return { code: "resources_error_fileExtensions", params: { type, extension } };
  }
  return null;
}

/** A pool name: required, at most POOL_NAME_MAX, a safe name. */
export function poolNameProblem(name: string): ErrorEntry | null {
  const trimmed = name.trim();
  if (!trimmed) return { code: "resources_error_noPool" };
  if (trimmed.length > POOL_NAME_MAX) return { code: "TooLong", params: { field: "subtype", max: POOL_NAME_MAX } };
  if (unsafeName(trimmed)) return { code: "resources_error_invalidName", params: { name: trimmed } };
  return null;
}

/**
 * Which levels a system holds (docs/decisions.md "Resources"): the Supersystem holds the Global resources (the
 * admin portal); every other system its System resources and, with a project of its own, the project levels.
 */
export function levelProblem(opts: {
  level: ResourceLevelName;
  isSupersystem: boolean;
  projectId: string | undefined;
}): ErrorEntry | null {
  const { level, isSupersystem, projectId } = opts;
  if (isSupersystem && level !== "Global") {
    return { code: "ResourceLevelNotSupported", params: { level, reason: "the Supersystem holds Global resources only" } };
  }
  if (!isSupersystem && level === "Global") {
    return { code: "ResourceLevelNotSupported", params: { level, reason: "Global resources belong to the Supersystem" } };
  }
  if (isProjectLevel(level) && !projectId) return { code: "ResourceDataMissing", params: { field: "projectId" } };
  if (!isProjectLevel(level) && projectId) {
    return { code: "ResourceLevelNotSupported", params: { level, reason: "only the project levels take a projectId" } };
  }
  return null;
}

/**
 * The levels processing searches for a job of a system, most specific first (DESIGN.md "Resources"): Global only
 * when the system may read global resources.
 */
export function searchedLevels(opts: { hasProject: boolean; canReadGlobalResources: boolean }): ResourceLevelName[] {
  return RESOURCE_LEVELS.filter((level) => {
    if (isProjectLevel(level)) return opts.hasProject;
    if (level === "Global") return opts.canReadGlobalResources;
    return true;
  });
}

/** One CSV line's first cell: `;`, `,` or tab separate cells; a quoted cell may hold them ("a;b"). */
function firstCell(line: string): string {
  const text = line.trim();
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1);
    return (end < 0 ? text.slice(1) : text.slice(1, end)).trim();
  }
  return (text.split(/[;,\t]/, 1)[0] ?? "").trim();
}

/** The values of a lookup CSV's first column, lower-cased (DESIGN.md: compared case-insensitively). */
export function csvFirstColumn(text: string): Set<string> {
  const values = new Set<string>();
  for (const line of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const cell = firstCell(line);
    if (cell) values.add(cell.toLowerCase());
  }
  return values;
}
