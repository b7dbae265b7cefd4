import { describe, expect, it } from "vitest";
import {
  type AlertConfiguration,
  type AlertFeature,
  computeAlerts,
  DEFAULT_ALERT_CONFIGURATION,
  daysLeft,
  highestLevel,
  type LicenceAlert,
  validateAlertConfiguration,
} from "./alerts";
import { MAX_ALERT_DAYS } from "./schemas";

// late in the UTC day, so that a time-of-day slip would show
const NOW = new Date("2025-03-10T23:30:00Z");
const config = DEFAULT_ALERT_CONFIGURATION;

function dayPlus(days: number): string {
  const date = new Date(Date.UTC(2025, 2, 10 + days));
  return date.toISOString().slice(0, 10);
}

function licenceAlerts(days: number, cfg: AlertConfiguration = config): LicenceAlert[] {
  return computeAlerts({ expiration: dayPlus(days), features: [], config: cfg, now: NOW });
}

function featureAlerts(usage: number, limit: number | null, extra: Partial<AlertFeature> = {}): LicenceAlert[] {
  const feature: AlertFeature = { id: "Pages", status: "Limited", limit, usage, expiration: null, ...extra };
  return computeAlerts({ expiration: dayPlus(365), features: [feature], config, now: NOW });
}

describe("daysLeft", () => {
  it("counts whole UTC days from today to the date", () => {
    expect(daysLeft("2025-03-10", NOW)).toBe(0);
    expect(daysLeft("2025-03-11", NOW)).toBe(1);
    expect(daysLeft("2025-03-09", NOW)).toBe(-1);
    expect(daysLeft("2025-04-09", NOW)).toBe(30);
    expect(daysLeft("2026-03-10", NOW)).toBe(365);
    expect(daysLeft("2025-03-10", new Date("2025-03-10T00:00:00Z"))).toBe(0);
    // a time zone offset does not move the UTC day: this is 2025-03-10T22:30Z
    expect(daysLeft("2025-03-11", new Date("2025-03-11T00:30:00+02:00"))).toBe(1);
  });
});

describe("computeAlerts: expiration", () => {
  it("nothing beyond dateStage1", () => {
    expect(licenceAlerts(31)).toEqual([]);
    expect(licenceAlerts(365)).toEqual([]);
  });

  it("warning within dateStage1 days, down to dateStage2 + 1", () => {
    expect(licenceAlerts(30)).toEqual([{ level: "warning", code: "LicenceExpiresSoon", params: { days: 30 } }]);
    expect(licenceAlerts(8)).toEqual([{ level: "warning", code: "LicenceExpiresSoon", params: { days: 8 } }]);
  });

  it("critical within dateStage2 days, including the expiration day itself", () => {
    expect(licenceAlerts(7)).toEqual([{ level: "critical", code: "LicenceExpiresSoon", params: { days: 7 } }]);
    expect(licenceAlerts(1)).toEqual([{ level: "critical", code: "LicenceExpiresSoon", params: { days: 1 } }]);
    expect(licenceAlerts(0)).toEqual([{ level: "critical", code: "LicenceExpiresSoon", params: { days: 0 } }]);
  });

  it("expired from the day after the expiration", () => {
    expect(licenceAlerts(-1)).toEqual([{ level: "expired", code: "LicenceExpired", params: {} }]);
    expect(licenceAlerts(-400)).toEqual([{ level: "expired", code: "LicenceExpired", params: {} }]);
  });

  it("follows the configured stages, also when dateStage2 is above dateStage1", () => {
    const custom = { ...config, dateStage1: 60, dateStage2: 10 };
    expect(licenceAlerts(61, custom)).toEqual([]);
    expect(licenceAlerts(60, custom)[0]?.level).toBe("warning");
    expect(licenceAlerts(11, custom)[0]?.level).toBe("warning");
    expect(licenceAlerts(10, custom)[0]?.level).toBe("critical");
    const inverted = { ...config, dateStage1: 5, dateStage2: 20 };
    expect(licenceAlerts(21, inverted)).toEqual([]);
    expect(licenceAlerts(20, inverted)[0]?.level).toBe("critical");
    expect(licenceAlerts(3, inverted)[0]?.level).toBe("critical");
  });
});

describe("computeAlerts: features", () => {
  it("nothing below counterStage1", () => {
    expect(featureAlerts(0, 100)).toEqual([]);
    expect(featureAlerts(79, 100)).toEqual([]);
  });

  it("warning from counterStage1, critical from counterStage2", () => {
    expect(featureAlerts(80, 100)).toEqual([
      { level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 80 } },
    ]);
    expect(featureAlerts(94, 100)).toEqual([
      { level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 94 } },
    ]);
    expect(featureAlerts(95, 100)).toEqual([
      { level: "critical", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 95 } },
    ]);
    expect(featureAlerts(99, 100)).toEqual([
      { level: "critical", code: "FeatureLimitNearlyReached", params: { feature: "Pages", percent: 99 } },
    ]);
  });

  it("expired at 100 % and above", () => {
    const reached = [{ level: "expired", code: "FeatureLimitReached", params: { feature: "Pages" } }];
    expect(featureAlerts(100, 100)).toEqual(reached);
    expect(featureAlerts(120, 100)).toEqual(reached);
  });

  it("percent is rounded down", () => {
    // 799/1000 = 79.9 % -> 79 %: no alert yet; 999/1000 = 99.9 % -> 99 %: critical, not reached
    expect(featureAlerts(799, 1000)).toEqual([]);
    expect(featureAlerts(800, 1000)[0]?.params).toEqual({ feature: "Pages", percent: 80 });
    expect(featureAlerts(999, 1000)[0]).toMatchObject({ level: "critical", params: { percent: 99 } });
    expect(featureAlerts(2, 3)).toEqual([]); // 66 %
    expect(featureAlerts(3, 3)[0]?.code).toBe("FeatureLimitReached");
  });

  it("every limited status counts; Unlimited, no limit and limit 0 are ignored", () => {
    expect(featureAlerts(96, 100, { status: "LimitedYear" })[0]?.level).toBe("critical");
    expect(featureAlerts(96, 100, { status: "LimitedMonth" })[0]?.level).toBe("critical");
    expect(featureAlerts(1000, 100, { status: "Unlimited" })).toEqual([]);
    expect(featureAlerts(1000, null)).toEqual([]);
    expect(featureAlerts(0, 0)).toEqual([]);
    expect(featureAlerts(5, 0)).toEqual([]);
  });

  it("a feature past its own expiration raises nothing; on its expiration day it still counts", () => {
    expect(featureAlerts(100, 100, { expiration: dayPlus(-1) })).toEqual([]);
    expect(featureAlerts(100, 100, { expiration: dayPlus(0) })[0]?.code).toBe("FeatureLimitReached");
  });

  it("reports the licence first, then each feature in order", () => {
    const features: AlertFeature[] = [
      { id: "Pages", status: "Limited", limit: 10, usage: 10, expiration: null },
      { id: "Jobs", status: "Unlimited", limit: null, usage: 5000, expiration: null },
      { id: "Documents", status: "LimitedMonth", limit: 200, usage: 170, expiration: null },
    ];
    expect(computeAlerts({ expiration: dayPlus(3), features, config, now: NOW })).toEqual([
      { level: "critical", code: "LicenceExpiresSoon", params: { days: 3 } },
      { level: "expired", code: "FeatureLimitReached", params: { feature: "Pages" } },
      { level: "warning", code: "FeatureLimitNearlyReached", params: { feature: "Documents", percent: 85 } },
    ]);
  });
});

describe("highestLevel", () => {
  const alert = (level: LicenceAlert["level"]): LicenceAlert => ({ level, code: "LicenceExpiresSoon", params: {} });
  it("expired > critical > warning; null for none", () => {
    expect(highestLevel([])).toBeNull();
    expect(highestLevel([alert("warning")])).toBe("warning");
    expect(highestLevel([alert("warning"), alert("critical"), alert("warning")])).toBe("critical");
    expect(highestLevel([alert("expired"), alert("critical")])).toBe("expired");
    expect(highestLevel([alert("critical"), alert("expired")])).toBe("expired");
  });
});

describe("validateAlertConfiguration", () => {
  const codes = (cfg: Partial<AlertConfiguration>) =>
    validateAlertConfiguration({ ...config, ...cfg }).map((entry) => entry.code);

  it("accepts the defaults, and dateStage2 above dateStage1", () => {
    expect(validateAlertConfiguration(DEFAULT_ALERT_CONFIGURATION)).toEqual([]);
    expect(codes({ dateStage1: 5, dateStage2: 20 })).toEqual([]);
    expect(codes({ dateStage1: 1, dateStage2: MAX_ALERT_DAYS })).toEqual([]);
    expect(codes({ counterStage1: 0, counterStage2: 100 })).toEqual([]);
  });

  it("date stages: whole days greater than 0", () => {
    for (const dateStage1 of [0, -1, 1.5, Number.NaN, MAX_ALERT_DAYS + 1]) {
      expect(codes({ dateStage1 })).toEqual(["licence_error_upload_invalidDays"]);
    }
    expect(codes({ dateStage2: 0 })).toEqual(["licence_error_upload_invalidDays"]);
    expect(validateAlertConfiguration({ ...config, dateStage1: 0, dateStage2: -3 })).toEqual([
      { code: "licence_error_upload_invalidDays", params: { max: MAX_ALERT_DAYS } },
    ]);
  });

  it("counter stages: whole percent from 0 to 100", () => {
    for (const counterStage1 of [-1, 101, 50.5, Number.POSITIVE_INFINITY]) {
      expect(codes({ counterStage1 })).toEqual(["licence_error_upload_invalidPercent"]);
    }
    expect(codes({ counterStage2: 101 })).toEqual(["licence_error_upload_invalidPercent"]);
    expect(codes({ dateStage1: 0, counterStage2: -5 })).toEqual([
      "licence_error_upload_invalidDays",
      "licence_error_upload_invalidPercent",
    ]);
  });
});
