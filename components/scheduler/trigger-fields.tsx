"use client";

import { useTranslations } from "next-intl";
import { NumberField, TextField } from "@/components/forms/fields";
import { WEEKDAYS } from "@/lib/scheduler/schemas";
import { GroupCheckbox, GroupMessage } from "./group-checkbox";
import type { TaskFormValues as Values } from "./task-form-values";

/**
 * spec operations §2 "Task form" triggers: continuously with minutes, daily with a time, weekly with a time and the
 * weekdays Monday..Sunday, on start, on stop. §5: at least one of them (reported on the group). The times count in the
 * server's time zone, named beside them.
 */
export function TriggerFields({ timeZone }: { timeZone: string }) {
  const t = useTranslations("scheduler");
  return (
    <fieldset className="grid gap-5 rounded-md border p-4" aria-describedby="triggers-message" data-testid="triggers">
      <legend className="px-1 font-medium text-sm">{t("triggers")}</legend>
      <div className="grid items-start gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="pt-2">
          <GroupCheckbox<Values> name="continuouslyIsActive" label={t("continuously")} />
        </div>
        <NumberField<Values> name="continuouslyMinutes" label={t("continuouslyMinutes")} min={1} className="max-w-48" />
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="pt-2">
          <GroupCheckbox<Values> name="dailyIsActive" label={t("daily")} />
        </div>
        <TextField<Values>
          name="dailyDateTime"
          label={t("dailyTime")}
          type="time"
          className="max-w-48"
          description={t("timeHint", { zone: timeZone })}
        />
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="pt-2">
          <GroupCheckbox<Values> name="weeklyIsActive" label={t("weekly")} />
        </div>
        <div className="grid gap-3">
          <TextField<Values>
            name="weeklyDateTime"
            label={t("weeklyTime")}
            type="time"
            className="max-w-48"
            description={t("timeHint", { zone: timeZone })}
          />
          <fieldset className="grid gap-2" aria-describedby="weekdays-message" data-testid="weekdays">
            <legend className="mb-2 font-medium text-sm">{t("weekdays")}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {WEEKDAYS.map((day) => (
                <GroupCheckbox<Values> key={day} name={day} label={t(`weekday_${day.slice("weekly".length)}` as never)} />
              ))}
            </div>
            <GroupMessage<Values> name="weeklyMonday" id="weekdays-message" />
          </fieldset>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <GroupCheckbox<Values> name="onStart" label={t("onStart")} />
        <GroupCheckbox<Values> name="onStop" label={t("onStop")} />
      </div>
      <GroupMessage<Values> name="onStart" id="triggers-message" />
      <p className="text-muted-foreground text-xs" data-testid="scheduler-time-zone">
        {t("serverTime", { zone: timeZone })}
      </p>
    </fieldset>
  );
}
