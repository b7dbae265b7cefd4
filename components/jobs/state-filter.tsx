"use client";

import { useTranslations } from "next-intl";
import { MultiSelect } from "@/components/forms/multi-select";
import type { JobState } from "@/db/schema/jobs";

type Props = { id: string; states: readonly JobState[]; value: JobState[]; onChange: (value: JobState[]) => void };

/** spec operations §2: the multi-select status filter with select-all; nothing chosen means every state. */
export function StateFilter({ id, states, value, onChange }: Props) {
  const t = useTranslations("jobs");
  return (
    <MultiSelect
      id={id}
      testId="filter-state"
      label={t("column_state")}
      options={states}
      value={value}
      onChange={onChange}
      optionLabel={(s) => t(`state_${s}`)}
      allLabel={t("filter_allStates")}
      selectAllLabel={t("selectAll")}
      selectedLabel={(count) => t("filter_statesSelected", { count })}
    />
  );
}
