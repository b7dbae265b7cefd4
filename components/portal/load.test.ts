import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { loadOrErrors } from "./load";

const what = "test page";

describe("loadOrErrors", () => {
  it("answers the value of a read that succeeds", async () => {
    expect(await loadOrErrors(async () => 42, { what })).toEqual({ value: 42 });
  });

  it("answers an AppError's entries, and InternalError for any other failure", async () => {
    const refused = await loadOrErrors(
      async () => {
        throw new AppError("ResourceTypeUnknown", { type: "X" });
      },
      { what, notFound: ["TaskNotFound"] },
    );
    expect(refused).toEqual({ errors: [{ code: "ResourceTypeUnknown", params: { type: "X" } }] });
    const broken = await loadOrErrors(
      async () => {
        throw new Error("disk on fire");
      },
      { what },
    );
    expect(broken).toEqual({ errors: [{ code: "InternalError", params: { requestId: "-" } }] });
  });

  it("makes the codes of `notFound` the page's not-found, and lets Next's own signals pass", async () => {
    const missing = loadOrErrors(
      async () => {
        throw new AppError("TaskNotFound");
      },
      { what, notFound: ["TaskNotFound"] },
    );
    await expect(missing).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    const signal = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/x;307;" });
    const redirected = loadOrErrors(
      async () => {
        throw signal;
      },
      { what },
    );
    await expect(redirected).rejects.toBe(signal);
  });
});
