import { describe, expect, it } from "vitest";
import { ALL_ROLES } from "@/lib/auth/roles";
import { ERROR_CODES } from "@/lib/errors/codes";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { localeFromAcceptLanguage } from "./locales";

type Tree = { [key: string]: string | Tree };
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

describe("translations", () => {
  it("en-US and de-DE have the same keys", () => {
    expect(keys(de as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it("every error code and role is translated", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(en.errors, code).toHaveProperty(code);
    for (const role of ALL_ROLES) expect(en.general, role).toHaveProperty(`general_enum_role_${role}`);
  });

  it("every message key spec operations §5 and §8 name is there, in both languages", () => {
    // §8 screen, resource and success messages; §5 validation keys (the error codes of the `errors` namespace)
    const named = [
      "general_error_common jobMonitor_error_loads jobMonitor_error_load jobMonitor_text_delete_locked",
      "projects_error_delete projects_error_deleteLearnProject projects_error_load projects_error_edit",
      "statistics_error_load systemconfig_error_load scheduler_error_load configuration_error_load resources_error_load",
      "worker_error_load config_error_load audittrail_error_load downloads_error_load downloads_error_delete",
      "general_error_init general_error_init_dash general_error_networkError",
      "resources_error_delete resources_error_download resources_error_deleteAll resources_error_deletePool",
      "resources_error_add scheduler_text_deleted scheduler_text_started scheduler_text_added scheduler_text_updated",
      "configuration_text_saved worker_text_saved resources_text_deleted resources_text_deletedAll",
      "resources_text_deletedPool resources_text_add",
      "missingName missingSystemId missingEsproject projects_error_propertyKeyEmpty scheduler_error_noConditions",
      "scheduler_error_name_empty scheduler_error_function_empty scheduler_error_dailyTime_empty",
      "scheduler_error_weeklyTime_empty scheduler_error_noWeekdays scheduler_error_invalidMinutes",
      "scheduler_error_intervalNegative configuration_error_missingEMailHost configuration_error_tokenExpirationTooLow",
      "resources_error_noFileSelected resources_error_noName resources_error_nameLengthExceeded",
      "resources_error_fileExtensions resources_error_noPool resources_error_noType",
    ].flatMap((line) => line.split(" "));
    for (const [language, tree] of [
      ["en-US", en],
      ["de-DE", de],
    ] as const) {
      const last = new Set(keys(tree as Tree).map((k) => k.split(".").at(-1)));
      expect(
        named.filter((k) => !last.has(k)),
        language,
      ).toEqual([]);
    }
  });

  it("no message is empty", () => {
    for (const tree of [en, de]) {
      const walk = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === "string" ? [v] : walk(v)));
      for (const text of walk(tree as Tree)) expect(text.trim()).not.toBe("");
    }
  });
});

describe("one name per thing in each language (issue 23)", () => {
  const texts = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : texts(v)));
  it("German says Zeitplaner and Audit-Trail, English Scheduler, wherever they are named", () => {
    expect(texts(de as Tree).filter((text) => /\bScheduler|Prüfprotokoll/.test(text))).toEqual([]);
    expect(texts(en as Tree).filter((text) => /Zeitplaner/.test(text))).toEqual([]);
  });
  it("the system portal's menu names its pages as their titles do", () => {
    expect([en.nav.systemLicence, en.nav.config]).toEqual([en.licence.systemLicence, en.systemconfig.title]);
    expect([de.nav.systemLicence, de.nav.config]).toEqual([de.licence.systemLicence, de.systemconfig.title]);
  });
});

describe("browser language (spec foundation §1)", () => {
  it("picks the best supported language", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de-DE");
    expect(localeFromAcceptLanguage("de-AT")).toBe("de-DE");
    expect(localeFromAcceptLanguage("fr-FR,en;q=0.5,de;q=0.4")).toBe("en-US");
    expect(localeFromAcceptLanguage("fr-FR")).toBe("en-US");
    expect(localeFromAcceptLanguage(null)).toBe("en-US");
    expect(localeFromAcceptLanguage("en;q=0.1,de;q=0.9")).toBe("de-DE");
  });
});
