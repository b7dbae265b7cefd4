import { z } from "zod";
import { AUDIT_CATEGORIES, AUDIT_OPERATIONS, type AuditCategory, type AuditOperation } from "@/db/schema/audit";
import { code } from "@/lib/errors/issues";
import { PAGE_SIZES, zPageSize } from "@/lib/paging";

/**
 * The audit trail's shapes (spec operations §3 "Audit-trail search and item", "Paged result"; DESIGN.md "Operational
 * areas" → Audit trail). The REST contracts, the pages and the export use the same ones.
 */

/** the value searched for, `*` wildcards included */
export const AUDIT_VALUE_MAX = 500;
/** a project's or user's name in a filter */
export const AUDIT_NAME_MAX = 200;
/** the CSV export holds at most this many rows; a larger result is refused (narrow the search) */
export const AUDIT_EXPORT_MAX = 100_000;

const SYSTEM_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant: an ISO date-time with offset, or a date (UTC): a start from its first, an end to its last instant. */
const bound = (edge: "start" | "end") =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: code("InvalidFormat", { format: "date-time" }) })
    .transform((v) => {
      const date = new Date(v);
      return edge === "end" && ISO_DATE.test(v) ? new Date(date.getTime() + 86_400_000 - 1) : date;
    })
    .meta({ examples: [edge === "start" ? "2025-03-01T00:00:00Z" : "2025-03-31"] });

const name = z.string().trim().max(AUDIT_NAME_MAX).optional();

const searchShape = {
  value: z
    .string()
    .max(AUDIT_VALUE_MAX)
    .optional()
    .meta({ examples: ["*invoice*"] }),
  "categories[]": z.array(z.enum(AUDIT_CATEGORIES)).max(AUDIT_CATEGORIES.length).optional(),
  "operations[]": z.array(z.enum(AUDIT_OPERATIONS)).max(AUDIT_OPERATIONS.length).optional(),
  // the same without brackets (`categories=User&categories=Project`): one list with the bracket ones
  categories: z.array(z.enum(AUDIT_CATEGORIES)).max(AUDIT_CATEGORIES.length).optional(),
  operations: z.array(z.enum(AUDIT_OPERATIONS)).max(AUDIT_OPERATIONS.length).optional(),
  systemId: z.uuid({ error: "InvalidId" }).optional().meta({ example: SYSTEM_ID }),
  project: name,
  user: name,
  start: bound("start").optional(),
  end: bound("end").optional(),
};

// spec operations §5: "Audit search: end not before start"
const endNotBeforeStart: [(q: { start?: Date; end?: Date }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.start || !q.end || q.end.getTime() >= q.start.getTime(),
  { message: "EndBeforeStart", path: ["end"] },
];

/**
 * GET v3/audittrail/: spec operations §3 "Audit-trail search". Arrays in bracket form (`categories[]=User&
 * categories[]=Project`, lib/api/route.ts) or plain (`categories=User`); a name that is none of the list (`User,Project`)
 * is 400 InvalidChoice, never a search over the whole trail. `value`: `*` is the wildcard (the portal wraps the text in `*`), matched
 * case-insensitively against the JSON text of the change; `%` and `_` are plain characters.
 */
export const ZAuditSearchQuery = z
  .object({
    ...searchShape,
    pageSize: zPageSize().meta({ description: `one of ${PAGE_SIZES.join(", ")}` }),
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine(...endNotBeforeStart)
  .meta({ id: "AuditTrailSearch" });

export type AuditSearchQuery = z.output<typeof ZAuditSearchQuery>;

/** What a search asks, as the query functions take it. */
export type AuditFilters = {
  value?: string;
  categories: AuditCategory[];
  operations: AuditOperation[];
  systemId?: string;
  project?: string;
  user?: string;
  start?: Date;
  end?: Date;
};
export type AuditSearch = AuditFilters & { pageSize: number; page: number };

const both = <T>(bracket: T[] | undefined, plain: T[] | undefined): T[] => [...new Set([...(bracket ?? []), ...(plain ?? [])])];

/** The filters of a search's (or an export's) parsed query. */
export function toAuditFilters(q: AuditExportQuery): AuditFilters {
  return {
    value: q.value,
    categories: both(q["categories[]"], q.categories),
    operations: both(q["operations[]"], q.operations),
    systemId: q.systemId,
    project: q.project || undefined,
    user: q.user || undefined,
    start: q.start,
    end: q.end,
  };
}

/** The export takes the search without its paging. */
export const ZAuditExportQuery = z
  .object(searchShape)
  .refine(...endNotBeforeStart)
  .meta({ id: "AuditTrailExport" });
export type AuditExportQuery = z.output<typeof ZAuditExportQuery>;

export const ZAuditItem = z
  .object({
    id: z.number().int(),
    timestamp: z.iso.datetime({ offset: true }),
    category: z.enum(AUDIT_CATEGORIES),
    operation: z.enum(AUDIT_OPERATIONS),
    /** null: a change of the installation itself (the Supersystem's, e.g. a licence not assigned to a system) */
    systemId: z.uuid().nullable(),
    /** null when the system no longer exists (or systemId is null) */
    systemName: z.string().nullable(),
    project: z.string().nullable(),
    /** who made the change; `system` for the service's own tasks */
    username: z.string(),
    /** the system a Supersystem administrator acted in as deputy, else null */
    deputy: z.string().nullable(),
    /** the change as JSON text (secrets replaced) */
    value: z.string(),
  })
  .meta({ id: "AuditTrailItem" });
export type AuditItem = z.infer<typeof ZAuditItem>;

/** spec operations §3 "Paged result" */
export const ZAuditPage = z
  .object({
    items: z.array(ZAuditItem),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "AuditTrailPage" });
export type AuditPage = z.infer<typeof ZAuditPage>;

export const ZAuditSystem = z
  .object({
    id: z.uuid(),
    /** null: a system that no longer exists but has rows in the trail */
    name: z.string().nullable(),
  })
  .meta({ id: "AuditTrailSystem" });
export type AuditSystem = z.infer<typeof ZAuditSystem>;

export const ZAuditSystemQuery = z.object({ systemId: z.uuid({ error: "InvalidId" }).optional().meta({ example: SYSTEM_ID }) });

// spec operations §5: the form shows EndBeforeStart and does not search while it holds
export function isEndBeforeStart(start: string | undefined, end: string | undefined): boolean {
  if (!start || !end) return false;
  return new Date(end).getTime() < new Date(start).getTime();
}
