import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { obfuscateInBrowser } from "./obfuscate-browser";
import { obfuscatePassword, revealPassword } from "./obfuscation";

const station = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("password obfuscation (DESIGN.md)", () => {
  it("round-trips AES-CBC with key SHA-256(StationId + systemName)", () => {
    const hidden = obfuscatePassword("Geheim-1!ä", station, "Acme");
    expect(hidden).toMatch(/^crypt:aes-cbc:[A-Za-z0-9+/]+=*$/);
    expect(revealPassword(hidden, station, "Acme")).toBe("Geheim-1!ä");
  });

  it("a different system name or station does not reveal it", () => {
    const hidden = obfuscatePassword("Geheim-1!", station, "Acme");
    const other = (() => {
      try {
        return revealPassword(hidden, station, "Other");
      } catch (error) {
        return error;
      }
    })();
    expect(other).not.toBe("Geheim-1!");
  });

  it("the browser's Web Crypto output is what the server reveals", async () => {
    const hidden = await obfuscateInBrowser("Pässwort-9", station, "Acme");
    expect(hidden).toBe(obfuscatePassword("Pässwort-9", station, "Acme"));
    expect(revealPassword(hidden, station, "Acme")).toBe("Pässwort-9");
  });

  it("decodes crypt:base64: and passes plain values through", () => {
    expect(revealPassword(`crypt:base64:${Buffer.from("Plain-1!").toString("base64")}`, station, "x")).toBe("Plain-1!");
    expect(revealPassword("Plain-1!", station, "x")).toBe("Plain-1!");
  });

  it("malformed ciphertext is a 400, not a crash", () => {
    expect(() => revealPassword("crypt:aes-cbc:AAAA", station, "Acme")).toThrow(AppError);
  });
});
