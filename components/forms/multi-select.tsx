"use client";

import { ChevronDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Label } from "@/components/ui/label";

type Props<T extends string> = {
  id: string;
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  /** an option's text in the page's language */
  optionLabel: (option: T) => string;
  /** what the button says when nothing (or everything) is chosen */
  allLabel: string;
  /** the menu's first item, which ticks every option */
  selectAllLabel: string;
  /** what the button says when more than two are chosen */
  selectedLabel: (count: number) => string;
  /** the button's test id (default `id`); the select-all item's is `<testId>-all` */
  testId?: string;
};

/**
 * A multi-select with select-all (the job monitor's states, the audit search's categories and operations); nothing
 * chosen means all.
 */
export function MultiSelect<T extends string>(props: Props<T>) {
  const { id, label, options, value, onChange, optionLabel, allLabel, testId = id } = props;
  const all = value.length === options.length;
  const summary =
    value.length === 0 || all
      ? allLabel
      : value.length <= 2
        ? value.map(optionLabel).join(", ")
        : props.selectedLabel(value.length);
  // keeps the menu open while several options are ticked
  const keepOpen = (event: Event) => event.preventDefault();
  const toggle = (option: T, checked: boolean) => onChange(options.filter((o) => (o === option ? checked : value.includes(o))));

  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {/* not modal: a modal menu hides the rest of the page from assistive technology while the focus is still in it */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            id={id}
            variant="outline"
            className="w-full justify-between font-normal"
            aria-labelledby={`${id}-label ${id}`}
            data-testid={testId}
          >
            <span className="truncate">{summary}</span>
            <ChevronDownIcon aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 min-w-56 overflow-y-auto">
          <DropdownMenuCheckboxItem
            checked={all}
            onCheckedChange={(checked) => onChange(checked === true ? [...options] : [])}
            onSelect={keepOpen}
            data-testid={`${testId}-all`}
          >
            {props.selectAllLabel}
          </DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          {options.map((option) => (
            <DropdownMenuCheckboxItem
              key={option}
              checked={value.includes(option)}
              onCheckedChange={(checked) => toggle(option, checked === true)}
              onSelect={keepOpen}
              data-testid={`${testId}-option`}
              data-value={option}
            >
              {optionLabel(option)}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
