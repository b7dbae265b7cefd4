"use client";

import { ChevronDownIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Label } from "@/components/ui/label";
import type { JobState } from "@/db/schema/jobs";

type Props = { id: string; states: readonly JobState[]; value: JobState[]; onChange: (value: JobState[]) => void };

/** spec operations §2: the multi-select status filter with select-all; nothing chosen means every state. */
export function StateFilter({ id, states, value, onChange }: Props) {
  const t = useTranslations("jobs");
  const all = value.length === states.length;
  const summary =
    value.length === 0 || all
      ? t("filter_allStates")
      : value.length <= 2
        ? value.map((s) => t(`state_${s}`)).join(", ")
        : t("filter_statesSelected", { count: value.length });
  // keeps the menu open while several states are ticked
  const keepOpen = (event: Event) => event.preventDefault();
  const toggle = (state: JobState, checked: boolean) =>
    onChange(states.filter((s) => (s === state ? checked : value.includes(s))));

  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label id={`${id}-label`} htmlFor={id}>
        {t("column_state")}
      </Label>
      {/* not modal: a modal menu hides the rest of the page from assistive technology while the focus is still in it */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            id={id}
            variant="outline"
            className="w-full justify-between font-normal"
            aria-labelledby={`${id}-label ${id}`}
            data-testid="filter-state"
          >
            <span className="truncate">{summary}</span>
            <ChevronDownIcon aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="min-w-48">
          <DropdownMenuCheckboxItem
            checked={all}
            onCheckedChange={(checked) => onChange(checked === true ? [...states] : [])}
            onSelect={keepOpen}
            data-testid="filter-state-all"
          >
            {t("selectAll")}
          </DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          {states.map((state) => (
            <DropdownMenuCheckboxItem
              key={state}
              checked={value.includes(state)}
              onCheckedChange={(checked) => toggle(state, checked === true)}
              onSelect={keepOpen}
            >
              {t(`state_${state}`)}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
