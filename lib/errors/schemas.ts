import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./codes";

const CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** DESIGN.md "One error shape": every 4xx/5xx of /api/ (lib/errors/envelope.ts writes it). */
export const ZErrorEnvelope = z
  .object({
    errors: z
      .array(
        z.object({
          code: z.enum(CODES),
          message: z.string().meta({ description: "English text; the portal translates by code" }),
          messageParameter: z
            .record(z.string(), z.union([z.string(), z.number()]))
            .nullable()
            .meta({ description: "the values the message names in braces" }),
        }),
      )
      .min(1),
  })
  .meta({ id: "ErrorEnvelope", description: "DESIGN.md: every 4xx/5xx of /api/" });
