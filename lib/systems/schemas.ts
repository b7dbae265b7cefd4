import { z } from "zod";
import { SYSTEM_NAME_MAX } from "@/lib/auth/schemas";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { code, codeIssue, missing, whenStrings } from "@/lib/errors/issues";
import { systemRuleFailures } from "./rules";

export const SYSTEM_DESCRIPTION_MAX = 4000;
export const SYSTEM_TEXT_MAX = 200;
export const URL_MAX = 2000;
export const SECRET_MAX = 1000;

/** A URL or nothing; each problem its own issue (too long, not a URL). */
const ZAnyUrl = z.url();
const url = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((v) => v === "" || ZAnyUrl.safeParse(v).success, code("InvalidFormat", { format: "url" }));
const text = (max: number) => z.string().trim().max(max);

/** spec foundation §5 "System name": required, letters and digits only, at most SYSTEM_NAME_MAX. */
export const ZSystemName = z
  .string(missing("MissingSystemName"))
  .trim()
  .min(1, "MissingSystemName")
  .max(SYSTEM_NAME_MAX)
  .regex(/^[\p{L}\p{Nd}]*$/u, "InvalidSystemName");

/** spec foundation §3 "System", as the admin portal and `POST/PUT systems` send it. */
export const ZSystemInput = z
  .object({
    /** generated on the client when added (spec §3); optional here */
    id: z.uuid({ error: "InvalidId" }).optional(),
    name: ZSystemName,
    description: text(SYSTEM_DESCRIPTION_MAX).default(""),
    type: z.enum(["CSB", "Local", "Super"], { error: "WrongSystemType" }).default("Local"),
    isActive: z.boolean().default(true),
    canReadGlobalResources: z.boolean().default(false),
    activationCode: text(SYSTEM_TEXT_MAX).nullish(),
    licenceId: text(SYSTEM_TEXT_MAX).nullish(),
    derpcsUrl: url.default(""),
    ccsApiKey: text(URL_MAX).optional(),
    csbUrl: url.default(""),
    csbUser: text(SYSTEM_TEXT_MAX).default(""),
    csbPassword: z.string().max(SECRET_MAX).optional(),
    csbSystem: text(SYSTEM_TEXT_MAX).default(""),
  })
  .meta({
    id: "SystemInput",
    description: `spec foundation §3 System; secrets sent as ${SECRET_PLACEHOLDER} stay unchanged`,
    examples: [{ name: "Acme", description: "Acme GmbH, production", licenceId: "ACME-2026-001" }],
  });
export type SystemInput = z.infer<typeof ZSystemInput>;

export const ZSystem = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    type: z.enum(["CSB", "Local", "Super"]),
    isActive: z.boolean(),
    canReadGlobalResources: z.boolean(),
    activationCode: z.string().nullable(),
    licenceId: z.string().nullable(),
    derpcsUrl: z.string(),
    ccsApiKey: z.string(),
    csbUrl: z.string(),
    csbUser: z.string(),
    csbPassword: z.string(),
    csbSystem: z.string(),
  })
  .meta({
    id: "System",
    description: `spec foundation §3 System; secrets read as ${SECRET_PLACEHOLDER} when set`,
    examples: [
      {
        id: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        name: "Acme",
        description: "Acme GmbH, production",
        type: "Local",
        isActive: true,
        canReadGlobalResources: false,
        activationCode: null,
        licenceId: "ACME-2026-001",
        derpcsUrl: "",
        ccsApiKey: SECRET_PLACEHOLDER,
        csbUrl: "",
        csbUser: "",
        csbPassword: "",
        csbSystem: "",
      },
    ],
  });
export type SystemDto = z.infer<typeof ZSystem>;

export const ZSystemIds = z.array(z.object({ id: z.uuid(), name: z.string() })).meta({
  id: "SystemIds",
  examples: [
    [
      { id: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f", name: "Acme" },
      { id: "0b8f6a3e-2c1d-4e5f-9a7b-3c4d5e6f7a8b", name: "Supersystem" },
    ],
  ],
});

export const ZCsbTest = z
  .object({
    systemId: z.uuid().optional(),
    csbUrl: z.string().trim().max(2000).default(""),
    csbUser: z.string().trim().max(200).default(""),
    csbPassword: z.string().max(1000).optional(),
    csbSystem: z.string().trim().max(200).default(""),
  })
  .meta({
    id: "CsbConnectionTest",
    description: "the CSB fields of a system form; the stored password is used when it is sent as the placeholder",
    examples: [
      {
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        csbUrl: "https://csb.example.com",
        csbUser: "docservice",
        csbPassword: SECRET_PLACEHOLDER,
        csbSystem: "acme",
      },
    ],
  });

export const ZTestResult = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: "TestResult", examples: [{ success: true, message: "Connected to https://csb.example.com as docservice." }] });

// ---- the system form (react-hook-form with zodResolver; the actions and routes parse ZSystemInput) ----

/** spec foundation §2/§3 system form: every field as typed, the rules of §5 checked all at once. */
export function systemFormSchema(options: { isSuper: boolean; hasStoredCsbPassword: boolean }) {
  return z
    .object({
      name: ZSystemName,
      description: text(SYSTEM_DESCRIPTION_MAX),
      type: z.enum(["CSB", "Local", "Super"]),
      isActive: z.boolean(),
      canReadGlobalResources: z.boolean(),
      activationCode: text(SYSTEM_TEXT_MAX),
      licenceId: text(SYSTEM_TEXT_MAX),
      derpcsUrl: url,
      ccsApiKey: text(URL_MAX),
      csbUrl: url,
      csbUser: text(SYSTEM_TEXT_MAX),
      csbPassword: z.string().max(SECRET_MAX),
      csbSystem: text(SYSTEM_TEXT_MAX),
    })
    .superRefine(
      (v, ctx) => {
        for (const { code: rule, params } of systemRuleFailures(v, options)) {
          ctx.addIssue(codeIssue(rule, [String(params?.field ?? "name")]));
        }
      },
      whenStrings("name", "type", "csbUrl", "csbSystem", "csbUser", "csbPassword"),
    );
}
export type SystemFormValues = z.infer<ReturnType<typeof systemFormSchema>>;

/** The system form of a new system. */
export const EMPTY_SYSTEM_FORM: SystemFormValues = {
  name: "",
  description: "",
  type: "Local",
  isActive: true,
  canReadGlobalResources: false,
  activationCode: "",
  licenceId: "",
  derpcsUrl: "",
  ccsApiKey: "",
  csbUrl: "",
  csbUser: "",
  csbPassword: "",
  csbSystem: "",
};

/** The system configuration page (spec operations §2/§3 System config): the cognitive cloud API key only. */
export const ZSystemConfigInput = z.object({
  systemId: z.uuid({ error: "InvalidId" }),
  /** ******** or absent keeps the stored key, "" clears it */
  ccsApiKey: text(URL_MAX).optional(),
});
export type SystemConfigInput = z.infer<typeof ZSystemConfigInput>;
