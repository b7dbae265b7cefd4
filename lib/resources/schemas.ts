import { z } from "zod";
import { RESOURCE_LEVELS, RESOURCE_TYPES } from "@/db/schema/resources";
import { code, missing, whenStrings } from "@/lib/errors/issues";
import { isResourceType, POOL_NAME_MAX, RESOURCE_NAME_MAX, resourceNameProblem } from "./rules";

/** docs/decisions.md "Resources": the bodies and answers of the resource calls (spec operations §7). */

const zType = z.enum(RESOURCE_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? "resources_error_noType"
      : code("ResourceTypeUnknown", { type: String(issue.input) }),
});
const zLevel = z.enum(RESOURCE_LEVELS, {
  error: (issue) =>
    issue.input === undefined
      ? code("ResourceDataMissing", { field: "level" })
      : code("ResourceLevelUnknown", { level: String(issue.input) }),
});
const zSystemId = z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" });
const zPoolId = z
  .uuid({ error: (issue) => (issue.input === undefined || issue.input === null ? "resources_error_noPool" : "InvalidId") })
  .meta({ example: "0c9b8a7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d" });
/** a pool by name; left out, empty or blank it is spec §5's "pool required" */
const zPoolName = z.string(missing("resources_error_noPool")).trim().min(1, "resources_error_noPool").max(POOL_NAME_MAX);

/** The `meta` part of POST v3/resources; a name left out is the uploaded file's name. The same name again updates. */
export const ZResourceMeta = z
  .object({
    systemId: zSystemId,
    type: zType,
    /** the pool's name; a pool that does not exist yet is made */
    subtype: zPoolName,
    name: z
      .string()
      .trim()
      .max(RESOURCE_NAME_MAX, code("resources_error_nameLengthExceeded", { max: RESOURCE_NAME_MAX }))
      .optional(),
    level: zLevel,
    /** the project of the levels Project and ProjectCustomizing */
    projectId: z.uuid({ error: "InvalidId" }).optional(),
  })
  .meta({
    id: "ResourceMeta",
    examples: [
      {
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        type: "Csv",
        subtype: "Suppliers",
        name: "suppliers.csv",
        level: "System",
      },
    ],
  });
export type ResourceMeta = z.output<typeof ZResourceMeta>;

/** The add/update form: type, pool, file and name, with the rules of spec operations §5 (the service checks again). */
export const ZResourceForm = z
  .object({
    type: zType,
    subtype: zPoolName,
    // a refinement, not z.custom's own check: that one aborts, and the name's rule would no longer run
    file: z
      .custom<File | null>()
      .refine((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, "resources_error_noFileSelected"),
    name: z.string(),
  })
  .superRefine((value, ctx) => {
    // runs even when another field failed (whenStrings), so every problem shows at once; an unknown type has no
    // extension to check
    const type = isResourceType(value.type) ? value.type : "Other";
    const problem = resourceNameProblem(value.name, type);
    if (problem) ctx.addIssue({ code: "custom", path: ["name"], message: code(problem.code, problem.params) });
  }, whenStrings("name"));
export type ResourceFormValues = z.input<typeof ZResourceForm>;

/** DELETE v3/resources: names of one pool, or (without names) every resource of the pool ("delete all"). */
export const ZResourceDelete = z
  .object({
    systemId: zSystemId,
    subtypeId: zPoolId,
    names: z.array(z.string().min(1).max(RESOURCE_NAME_MAX)).min(1).max(1000).optional(),
  })
  .meta({
    id: "ResourceDelete",
    examples: [
      {
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        subtypeId: "0c9b8a7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d",
        names: ["suppliers.csv"],
      },
    ],
  });
export type ResourceDeleteInput = z.output<typeof ZResourceDelete>;

export const ZDeleted = z.object({ deleted: z.number().int() }).meta({ id: "ResourcesDeleted", examples: [{ deleted: 1 }] });

export const ZResource = z
  .object({
    id: z.uuid(),
    systemId: z.uuid(),
    projectId: z.uuid().nullable(),
    name: z.string(),
    type: z.enum(RESOURCE_TYPES),
    level: z.enum(RESOURCE_LEVELS),
    subtype: z.string(),
    subtypeId: z.uuid(),
    size: z.number().int(),
    lastUpdate: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Resource" });
export type ResourceDto = z.output<typeof ZResource>;

export const ZSubtype = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(RESOURCE_TYPES),
    level: z.enum(RESOURCE_LEVELS),
    projectId: z.uuid().nullable(),
    /** how many resources the pool holds */
    count: z.number().int(),
  })
  .meta({ id: "ResourceSubtype" });
export type SubtypeDto = z.output<typeof ZSubtype>;

/** spec operations §3 "Resource pool": one per type (its id is the type), with its pools (subtypes). */
export const ZResourcePool = z
  .object({ id: z.enum(RESOURCE_TYPES), name: z.enum(RESOURCE_TYPES), systemId: z.uuid(), subtypes: z.array(ZSubtype) })
  .meta({ id: "ResourcePool" });
export type ResourcePoolDto = z.output<typeof ZResourcePool>;

/** spec operations §3 "Pool detail": a pool with its resources. */
export const ZPoolDetail = z
  .object({ type: z.enum(RESOURCE_TYPES), subtype: ZSubtype, resources: z.array(ZResource) })
  .meta({ id: "PoolDetail" });
export type PoolDetailDto = z.output<typeof ZPoolDetail>;

export const ZSystemIdParams = z.object({ systemId: zSystemId });
export const ZTypeParams = z.object({
  systemId: zSystemId,
  type: z.string().meta({ example: "Csv", description: "Profile, Csv, LanguageKeyFile or Other" }),
});
export const ZPoolDetailQuery = z.object({ subtypeId: zPoolId.optional() });
export const ZDownloadParams = z.object({
  systemId: zSystemId,
  type: z.string().meta({ example: "Csv" }),
  subtype: z.string().meta({ example: "Suppliers", description: "the pool's id or name" }),
  name: z.string().meta({ example: "suppliers.csv" }),
});
export const ZDeletePoolParams = z.object({
  system: zSystemId,
  level: z.string().meta({ example: "System", description: "ProjectCustomizing, Project, System or Global" }),
  pool: zPoolId,
});
