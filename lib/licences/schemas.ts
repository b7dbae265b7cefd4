import { z } from "zod";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { code, missing } from "@/lib/errors/issues";

/** A licence file is small; a megabyte of base64 is far more than any needs. */
export const LICENCE_FILE_MAX = 1024 * 1024;
export const LICENCE_ID_MAX = 200;
/** the largest date stage accepted (100 years); spec §9 only asks for "greater than 0" */
export const MAX_ALERT_DAYS = 36_500;
export const LICENCE_NAME_MAX = 200;
export const LICENCE_CHILDREN_MAX = 50;
const URL_MAX = 2000;
const TEXT_MAX = 200;
const SECRET_MAX = 1000;

const id = z.string().trim().min(1, "MissingLicenceId").max(LICENCE_ID_MAX);
const name = z.string(missing("MissingLicenceName")).trim().min(1, "MissingLicenceName").max(LICENCE_NAME_MAX);

/** POST licences and v3/licences (spec foundation §7): the file's content as base64. */
export const ZLicenceUpload = z
  .object({
    systemId: z.uuid({ error: "InvalidId" }).nullish(),
    base64Licence: z.string(missing("licence_error_upload_noFileSelected")).max(LICENCE_FILE_MAX, "PayloadTooLarge"),
  })
  .meta({
    id: "LicenceUpload",
    examples: [
      {
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        base64Licence: "eyJpZCI6IkFDTUUtMjAyNi0wMDEiLCJjdXN0b21lciI6IkFjbWUgR21iSCIsIn0=",
      },
    ],
  });

/**
 * POST v3/licences/virtual: an id, a name and the ordered children. DESIGN.md: the licence takes the id its
 * creator sends; without one (or an empty one) the server chooses a UUID.
 */
export const ZVirtualLicence = z
  .object({
    id: z.string().trim().max(LICENCE_ID_MAX).optional(),
    name,
    childIds: z.array(id).min(1, "licence_error_upload_noChildren").max(LICENCE_CHILDREN_MAX).default([]),
  })
  .meta({
    id: "VirtualLicence",
    examples: [{ id: "ACME-VIRTUAL", name: "Acme pool", childIds: ["ACME-2026-001", "ACME-2026-002"] }],
  });

/** POST v3/licences/csb: spec foundation §5 "Cloud-service licence add", each non-blank. */
export const ZCsbLicence = z
  .object({
    csbUrl: z.string(missing("licence_error_csb_missingUrl")).trim().min(1, "licence_error_csb_missingUrl").max(URL_MAX),
    csbSystem: z
      .string(missing("licence_error_csb_missingSystem"))
      .trim()
      .min(1, "licence_error_csb_missingSystem")
      .max(TEXT_MAX),
    csbUser: z.string(missing("licence_error_csb_missingUser")).trim().min(1, "licence_error_csb_missingUser").max(TEXT_MAX),
    csbPassword: z
      .string(missing("licence_error_csb_missingPassword"))
      .max(SECRET_MAX)
      .refine((v) => v.trim() !== "", "licence_error_csb_missingPassword"),
    systemId: z.uuid({ error: "InvalidId" }).nullish(),
  })
  .meta({
    id: "CsbLicence",
    examples: [{ csbUrl: "https://csb.example.com", csbSystem: "acme", csbUser: "licence-reader", csbPassword: "S3cret!pass" }],
  });

export const ZAlertConfiguration = z
  .object({
    dateStage1: z.number({ error: "licence_error_upload_invalidDays" }),
    dateStage2: z.number({ error: "licence_error_upload_invalidDays" }),
    counterStage1: z.number({ error: "licence_error_upload_invalidPercent" }),
    counterStage2: z.number({ error: "licence_error_upload_invalidPercent" }),
  })
  .meta({ id: "AlertConfiguration", examples: [{ dateStage1: 30, dateStage2: 7, counterStage1: 80, counterStage2: 95 }] });

/** PATCH v3/licences/{id}: spec foundation §5 "Licence edit". */
export const ZLicencePatch = z
  .object({
    name: z.string().trim().max(LICENCE_NAME_MAX).optional(),
    alertConfiguration: ZAlertConfiguration.optional(),
    childIds: z.array(id).max(LICENCE_CHILDREN_MAX).optional(),
    csbUrl: z.string().trim().max(URL_MAX).optional(),
    csbSystem: z.string().trim().max(TEXT_MAX).optional(),
    csbUser: z.string().trim().max(TEXT_MAX).optional(),
    csbPassword: z.string().max(SECRET_MAX).optional(),
  })
  .meta({
    id: "LicencePatch",
    description: `csbPassword sent as ${SECRET_PLACEHOLDER} stays unchanged`,
    examples: [
      { name: "Acme production", alertConfiguration: { dateStage1: 60, dateStage2: 14, counterStage1: 80, counterStage2: 95 } },
    ],
  });

const ZAlertLevel = z.enum(["warning", "critical", "expired"]);
const ZAlert = z.object({
  level: ZAlertLevel,
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const ZFeature = z
  .object({
    id: z.string(),
    status: z.enum(["Unlimited", "Limited", "LimitedYear", "LimitedMonth"]),
    limit: z.number().nullable(),
    usage: z.number(),
    expiration: z.string().nullable(),
    isAvailable: z.boolean(),
  })
  .meta({
    id: "Feature",
    description: "spec foundation §3 Feature",
    examples: [{ id: "Pages", status: "LimitedYear", limit: 100000, usage: 41250, expiration: null, isAvailable: true }],
  });

const LICENCE_BASIC_EXAMPLE = {
  id: "ACME-2026-001",
  name: "Acme production",
  customer: "Acme GmbH",
  isVirtual: false,
  source: "file",
  expiration: "2026-12-31",
  alerts: [{ level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 82 } }],
  level: "warning",
} as const;

export const ZLicenceBasic = z
  .object({
    id: z.string(),
    name: z.string(),
    customer: z.string(),
    isVirtual: z.boolean(),
    source: z.enum(["file", "csb", "virtual"]),
    expiration: z.string().nullable(),
    alerts: z.array(ZAlert),
    level: ZAlertLevel.nullable(),
  })
  .meta({ id: "LicenceBasic", examples: [LICENCE_BASIC_EXAMPLE] });

export const ZLicence = ZLicenceBasic.extend({
  system: z.uuid().nullable(),
  station: z.string(),
  mac: z.string(),
  issued: z.string(),
  features: z.array(ZFeature),
  childLicences: z.array(z.string()),
  alertConfiguration: ZAlertConfiguration,
  csbUrl: z.string().nullable(),
  csbCustomer: z.string().nullable(),
  csbUsername: z.string().nullable(),
  csbPassword: z.string().nullable(),
  refreshedAt: z.string().nullable(),
}).meta({
  id: "Licence",
  description: "spec foundation §3 Licence",
  examples: [
    {
      ...LICENCE_BASIC_EXAMPLE,
      system: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      station: "*",
      mac: "",
      issued: "2026-01-02",
      features: [
        { id: "Pages", status: "LimitedYear", limit: 100000, usage: 82000, expiration: null, isAvailable: true },
        { id: "Jobs", status: "Unlimited", limit: null, usage: 5120, expiration: null, isAvailable: true },
      ],
      childLicences: [],
      alertConfiguration: { dateStage1: 30, dateStage2: 7, counterStage1: 80, counterStage2: 95 },
      csbUrl: null,
      csbCustomer: null,
      csbUsername: null,
      csbPassword: null,
      refreshedAt: null,
    },
  ],
});

export type LicenceBasicDto = z.infer<typeof ZLicenceBasic>;
export type LicenceDto = z.infer<typeof ZLicence>;

// ---- forms (react-hook-form with zodResolver; the actions and routes parse the schemas above) ----

// spec foundation §5 "Licence edit", §9: days from 1 to MAX_ALERT_DAYS, percent 0 to 100 (whole numbers)
const days = z
  .number({ error: code("licence_error_upload_invalidDays", { max: MAX_ALERT_DAYS }) })
  .int(code("licence_error_upload_invalidDays", { max: MAX_ALERT_DAYS }))
  .min(1, code("licence_error_upload_invalidDays", { max: MAX_ALERT_DAYS }))
  .max(MAX_ALERT_DAYS, code("licence_error_upload_invalidDays", { max: MAX_ALERT_DAYS }));
const percent = z
  .number({ error: "licence_error_upload_invalidPercent" })
  .int("licence_error_upload_invalidPercent")
  .min(0, "licence_error_upload_invalidPercent")
  .max(100, "licence_error_upload_invalidPercent");

/** The create-virtual form: the id may stay empty (the server chooses one); at least one child. */
export const ZVirtualLicenceForm = z.object({
  id: z.string().trim().max(LICENCE_ID_MAX),
  name,
  childIds: z.array(z.string()).min(1, "licence_error_upload_noChildren").max(LICENCE_CHILDREN_MAX),
});
export type VirtualLicenceFormValues = z.infer<typeof ZVirtualLicenceForm>;

/** The licence edit form: each alert stage its own field, so that each shows its own error. */
export function licenceEditFormSchema(options: { isVirtual: boolean; isCsb: boolean }) {
  const csbText = (
    missing: "licence_error_csb_missingUrl" | "licence_error_csb_missingSystem" | "licence_error_csb_missingUser",
    max: number,
  ) => (options.isCsb ? z.string().trim().min(1, missing).max(max) : z.string().trim().max(max));
  return z.object({
    name,
    dateStage1: days,
    dateStage2: days,
    counterStage1: percent,
    counterStage2: percent,
    childIds: options.isVirtual
      ? z.array(z.string()).min(1, "licence_error_upload_noChildren").max(LICENCE_CHILDREN_MAX)
      : z.array(z.string()),
    csbUrl: csbText("licence_error_csb_missingUrl", URL_MAX),
    csbSystem: csbText("licence_error_csb_missingSystem", TEXT_MAX),
    csbUser: csbText("licence_error_csb_missingUser", TEXT_MAX),
    csbPassword: z.string().max(SECRET_MAX),
  });
}
export type LicenceEditFormValues = z.infer<ReturnType<typeof licenceEditFormSchema>>;
