"use client";

import { useTranslations } from "next-intl";
import type { FieldValues } from "react-hook-form";
import { CheckboxField, FieldFrame, NumberField, SelectField } from "@/components/forms/fields";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { CLEANER_DOWNLOAD_TYPES, type ConfigurableFunction, TASK_DAYS_MAX } from "@/lib/scheduler/functions";
import { joinDuration, splitDuration } from "./duration";

/** The form's values hold a task's configuration as an object under this name. */
const PREFIX = "configuration";
type Values = FieldValues;
const path = (key: string) => `${PREFIX}.${key}`;
const idOf = (key: string) => `config-${key}`;

/**
 * spec operations §2 "Task form": the function-specific configuration panel, one per function of spec §3 "Task
 * configurations", with the defaults and ranges of §9 (lib/scheduler/functions.ts TASK_CONFIG_SCHEMAS). `global`: the
 * Supersystem's scheduler, whose archivers choose one package over all systems or one per system; a system's own
 * archiver packs that system's rows whatever those say, so it does not offer them.
 */
export function TaskConfigPanel({ fn, global }: { fn: ConfigurableFunction; global: boolean }) {
  const t = useTranslations("scheduler");
  return (
    <fieldset className="grid gap-4 rounded-md border p-4" data-testid={`config-panel-${fn}`}>
      <legend className="px-1 font-medium text-sm">{t("configuration")}</legend>
      <PanelFields fn={fn} global={global} />
    </fieldset>
  );
}

function PanelFields({ fn, global }: { fn: ConfigurableFunction; global: boolean }) {
  switch (fn) {
    case "MetricsArchiver":
    case "AuditTrailArchiver":
      return <ArchiverPanel global={global} />;
    case "DownloadCleaner":
      return <DownloadCleanerPanel />;
    case "LicenceAlertsNotifier":
      return <LicenceAlertsPanel />;
    case "CleanUpLearnJobs":
      return <CleanUpLearnJobsPanel />;
    case "IncreaseJobPriority":
      return <IncreaseJobPriorityPanel />;
    case "StartLearnEngine":
      return <StartLearnEnginePanel />;
  }
}

function ArchiverPanel({ global }: { global: boolean }) {
  const t = useTranslations("scheduler");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<Values>
          name={path("packageBy")}
          id={idOf("packageBy")}
          label={t("config_packageBy")}
          options={(["Month", "Week"] as const).map((v) => ({ value: v, label: t(`packageBy_${v}`) }))}
        />
        <NumberField<Values>
          name={path("cleanAfterDays")}
          id={idOf("cleanAfterDays")}
          label={t("config_cleanAfterDays")}
          min={1}
          max={TASK_DAYS_MAX}
        />
      </div>
      <div className="grid gap-2">
        {global ? (
          <>
            <CheckboxField<Values> name={path("storeAll")} id={idOf("storeAll")} label={t("config_storeAll")} />
            <CheckboxField<Values> name={path("storeBySystem")} id={idOf("storeBySystem")} label={t("config_storeBySystem")} />
          </>
        ) : (
          <p className="text-muted-foreground text-sm" data-testid="archiver-system-scope">
            {t("config_systemScope")}
          </p>
        )}
        <CheckboxField<Values> name={path("clean")} id={idOf("clean")} label={t("config_clean")} />
      </div>
    </>
  );
}

function DownloadCleanerPanel() {
  const t = useTranslations("scheduler");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField<Values>
        name={path("downloadType")}
        id={idOf("downloadType")}
        label={t("config_downloadType")}
        options={CLEANER_DOWNLOAD_TYPES.map((v) => ({
          value: v,
          label: t(`downloadType_${v}`),
        }))}
      />
      <NumberField<Values>
        name={path("cleanAfterCountOfDays")}
        id={idOf("cleanAfterCountOfDays")}
        label={t("config_cleanAfterCountOfDays")}
        min={1}
        max={TASK_DAYS_MAX}
      />
    </div>
  );
}

function LicenceAlertsPanel() {
  const t = useTranslations("scheduler");
  return (
    <div className="grid gap-2">
      <CheckboxField<Values>
        name={path("notifyViaEventLog")}
        id={idOf("notifyViaEventLog")}
        label={t("config_notifyViaEventLog")}
      />
      <CheckboxField<Values> name={path("notifyViaEmail")} id={idOf("notifyViaEmail")} label={t("config_notifyViaEmail")} />
    </div>
  );
}

function CleanUpLearnJobsPanel() {
  const t = useTranslations("scheduler");
  return (
    <div className="grid gap-4">
      {(["limitDeleted", "limitError", "limitOther"] as const).map((key) => (
        <DurationField key={key} name={key} label={t(`config_${key}`)} />
      ))}
    </div>
  );
}

/** A `days.hh:mm:ss` value edited as days (0..9999) and a time of day; the form holds the joined string. */
function DurationField({ name, label }: { name: string; label: string }) {
  const t = useTranslations("scheduler");
  return (
    <FieldFrame<Values> name={path(name)} id={idOf(name)} label={label}>
      {(field) => {
        const parts = splitDuration(field.value);
        const set = (next: Partial<typeof parts>) => field.onChange(joinDuration({ ...parts, ...next }));
        return (
          <div className="flex flex-wrap items-center gap-2">
            <FormControl>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={TASK_DAYS_MAX}
                className="w-28"
                value={parts.days}
                onChange={(e) => set({ days: e.target.value })}
                onBlur={field.onBlur}
                ref={field.ref}
                data-testid={`duration-days-${name}`}
              />
            </FormControl>
            <span className="text-muted-foreground text-sm">{t("days")}</span>
            <Input
              type="time"
              step={1}
              className="w-36"
              aria-label={t("durationTime", { name: label })}
              value={parts.time}
              onChange={(e) => set({ time: e.target.value })}
              onBlur={field.onBlur}
              data-testid={`duration-time-${name}`}
            />
            <span className="text-muted-foreground text-sm">{t("durationTimeUnit")}</span>
          </div>
        );
      }}
    </FieldFrame>
  );
}

function IncreaseJobPriorityPanel() {
  const t = useTranslations("scheduler");
  return (
    <NumberField<Values>
      name={path("increaseAfterHours")}
      id={idOf("increaseAfterHours")}
      label={t("config_increaseAfterHours")}
      min={1}
      max={24}
      className="max-w-xs"
    />
  );
}

function StartLearnEnginePanel() {
  const t = useTranslations("scheduler");
  return <CheckboxField<Values> name={path("onlyChanged")} id={idOf("onlyChanged")} label={t("config_onlyChanged")} />;
}
