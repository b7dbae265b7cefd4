import type { ErrorEntry } from "@/lib/errors/app-error";
import { type FeatureStatus, isPastDay, utcDay } from "./file";
import { MAX_ALERT_DAYS } from "./schemas";

/**
 * Licence alerts (DESIGN.md "Licence alerts", spec foundation §3, §4, §9): dateStage1/dateStage2 in days
 * before the expiration, counterStage1/counterStage2 in percent of a limited feature used.
 */
export type AlertConfiguration = { dateStage1: number; dateStage2: number; counterStage1: number; counterStage2: number };

export const DEFAULT_ALERT_CONFIGURATION: AlertConfiguration = {
  dateStage1: 30,
  dateStage2: 7,
  counterStage1: 80,
  counterStage2: 95,
};

export const ALERT_LEVELS = ["warning", "critical", "expired"] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

export type LicenceAlertCode = "LicenceExpiresSoon" | "LicenceExpired" | "FeatureLimitNearlyReached" | "FeatureLimitReached";

export type LicenceAlert = { level: AlertLevel; code: LicenceAlertCode; params: Record<string, string | number> };

export type AlertFeature = {
  id: string;
  status: FeatureStatus;
  limit: number | null;
  /** the usage in the feature's current period */
  usage: number;
  /** YYYY-MM-DD or null */
  expiration: string | null;
};

const DAY_MS = 86_400_000;

/** whole days from the UTC day of `now` to `date` (YYYY-MM-DD): the day itself is 0, the day before 1, the day after -1 */
export function daysLeft(date: string, now: Date): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) / DAY_MS);
}

/**
 * The alerts of a licence, the licence's own first, then one per limited feature in the given order.
 *
 * - Expiration: past its last valid day -> expired `LicenceExpired`; at most dateStage2 days left -> critical
 *   `LicenceExpiresSoon {days}`; at most dateStage1 days left -> warning `LicenceExpiresSoon {days}`. The
 *   expiration day itself has 0 days left and is still valid.
 * - Features with a limit (status other than Unlimited, limit > 0): percent = floor(usage × 100 / limit);
 *   at 100 % or more -> expired `FeatureLimitReached {feature}`; at counterStage2 % or more -> critical,
 *   at counterStage1 % or more -> warning `FeatureLimitNearlyReached {feature, percent}`. The stages are taken
 *   literally: a stage of 0 warns from the first use on.
 * - A feature past its own expiration is simply not available (features.ts `featureState`): there is no alert
 *   code for it, so it raises none, and its usage is not compared with its limit either.
 * - Unlimited features, and features with no limit or a limit of 0, raise nothing.
 */
export function computeAlerts(input: {
  expiration: string;
  features: AlertFeature[];
  config: AlertConfiguration;
  now: Date;
}): LicenceAlert[] {
  const { config, now } = input;
  const alerts: LicenceAlert[] = [];

  const days = daysLeft(input.expiration, now);
  if (days < 0) {
    alerts.push({ level: "expired", code: "LicenceExpired", params: {} });
  } else if (days <= config.dateStage2) {
    alerts.push({ level: "critical", code: "LicenceExpiresSoon", params: { days } });
  } else if (days <= config.dateStage1) {
    alerts.push({ level: "warning", code: "LicenceExpiresSoon", params: { days } });
  }

  for (const feature of input.features) {
    if (feature.status === "Unlimited" || feature.limit === null || feature.limit <= 0) continue;
    if (feature.expiration !== null && isPastDay(feature.expiration, now)) continue;
    const percent = Math.floor((Math.max(0, feature.usage) * 100) / feature.limit);
    if (percent >= 100) {
      alerts.push({ level: "expired", code: "FeatureLimitReached", params: { feature: feature.id } });
    } else if (percent >= config.counterStage2) {
      alerts.push({ level: "critical", code: "FeatureLimitNearlyReached", params: { feature: feature.id, percent } });
    } else if (percent >= config.counterStage1) {
      alerts.push({ level: "warning", code: "FeatureLimitNearlyReached", params: { feature: feature.id, percent } });
    }
  }
  return alerts;
}

/** the most severe level among the alerts (expired > critical > warning), or null when there are none */
export function highestLevel(alerts: readonly LicenceAlert[]): AlertLevel | null {
  let highest = -1;
  for (const alert of alerts) highest = Math.max(highest, ALERT_LEVELS.indexOf(alert.level));
  return ALERT_LEVELS[highest] ?? null;
}

/**
 * spec foundation §5 "Licence edit", §9: date stages whole days from 1 to MAX_ALERT_DAYS
 * (licence_error_upload_invalidDays), counter stages whole percent from 0 to 100
 * (licence_error_upload_invalidPercent). dateStage2 need not be below dateStage1. Each key appears at most once.
 */
export function validateAlertConfiguration(config: AlertConfiguration): ErrorEntry[] {
  const entries: ErrorEntry[] = [];
  const validDays = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ALERT_DAYS;
  const validPercent = (value: number) => Number.isInteger(value) && value >= 0 && value <= 100;
  if (!validDays(config.dateStage1) || !validDays(config.dateStage2)) {
    entries.push({ code: "licence_error_upload_invalidDays", params: { max: MAX_ALERT_DAYS } });
  }
  if (!validPercent(config.counterStage1) || !validPercent(config.counterStage2)) {
    entries.push({ code: "licence_error_upload_invalidPercent" });
  }
  return entries;
}
