import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ZLogin, ZNewPasswordForm } from "@/lib/auth/schemas";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { messageToEntry } from "@/lib/errors/issues";
import { ZResourceForm } from "@/lib/resources/schemas";
import { formResolver } from "./resolver";

const OPTIONS = { fields: {}, shouldUseNativeValidation: false, criteriaMode: "all" as const };

/** What the form shows: every message of every field, as entries, sorted. */
async function formEntries(schema: z.ZodType, values: Record<string, unknown>): Promise<ErrorEntry[]> {
  const { errors } = await formResolver(schema)(values, undefined, OPTIONS as never);
  const out: ErrorEntry[] = [];
  for (const error of Object.values(errors as Record<string, { types?: Record<string, string | string[]> }>))
    for (const message of Object.values(error.types ?? {}).flat()) out.push(messageToEntry(message));
  return out.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** What the server answers for the same input (lib/errors/envelope.ts parseInput, as services and actions parse). */
function serverEntries(schema: z.ZodType, values: Record<string, unknown>): ErrorEntry[] {
  try {
    parseInput(schema, values);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [...error.entries].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
}

describe("formResolver: the form's messages are the server's", () => {
  const cases: [string, z.ZodType, Record<string, unknown>][] = [
    ["an empty sign-in", ZLogin, { systemName: "", userName: " ", password: "" }],
    ["a too long system name", ZLogin, { systemName: "x".repeat(500), userName: "u", password: "p" }],
    ["a weak, unequal new password", ZNewPasswordForm, { newPassword: "abc", repeat: "abd" }],
    ["a resource without type and name", ZResourceForm, { type: "", subtype: "", file: null, name: "" }],
  ];
  for (const [name, schema, values] of cases) {
    it(name, async () => {
      const shown = await formEntries(schema, values);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(serverEntries(schema, values));
    });
  }

  it("answers the parsed values when the input is valid", async () => {
    const { values, errors } = await formResolver(ZLogin)(
      { systemName: " Acme ", userName: "u", password: "p" },
      undefined,
      OPTIONS as never,
    );
    expect(errors).toEqual({});
    expect(values).toEqual({ systemName: "Acme", userName: "u", password: "p" });
  });
});
