"use client";

import { CheckIcon, MinusIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type * as React from "react";
import { useEffect, useEffectEvent, useRef } from "react";

import { cn } from "@/lib/utils";

function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        "peer size-4 shrink-0 rounded-[4px] border border-input shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[state=checked]:border-primary data-[state=indeterminate]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:text-primary-foreground dark:bg-input/30 dark:data-[state=checked]:bg-primary dark:data-[state=indeterminate]:bg-primary dark:aria-invalid:ring-destructive/40",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group flex items-center justify-center text-current transition-none"
      >
        <CheckIcon className="size-3.5 group-data-[state=indeterminate]:hidden" aria-hidden="true" />
        <MinusIcon className="hidden size-3.5 group-data-[state=indeterminate]:block" aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export { Checkbox };

/**
 * The same box as a native `<input type="checkbox">`, for the rows of a table: the radix checkbox above costs a
 * button, a hidden input and their providers per row, a sixth of a 25-row table's server render. No indeterminate
 * state (the header's select-all keeps the radix one).
 *
 * A box ticked in the server's markup before React hydrated it keeps its tick (React leaves a hydrated input's state
 * alone) but React never heard of it: on mount such a change is handed to `onChange` as if it happened now. It takes
 * no `ref`: it needs its own for that.
 */
function NativeCheckbox({ className, checked, onChange, ...props }: Omit<React.ComponentProps<"input">, "type" | "ref">) {
  const ref = useRef<HTMLInputElement>(null);
  const changedBeforeHydration = useEffectEvent((input: HTMLInputElement) => {
    if (checked !== undefined && input.checked !== checked)
      onChange?.({ target: input, currentTarget: input } as React.ChangeEvent<HTMLInputElement>);
  });
  useEffect(() => {
    if (ref.current) changedBeforeHydration(ref.current);
  }, []);
  return (
    <span data-slot="checkbox" className="relative inline-flex size-4 shrink-0">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className={cn(
          "size-4 shrink-0 appearance-none rounded-[4px] border border-input shadow-xs outline-none transition-shadow checked:border-primary checked:bg-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30 dark:checked:bg-primary",
          className,
        )}
        {...props}
      />
      {checked && (
        <CheckIcon className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground" aria-hidden="true" />
      )}
    </span>
  );
}

export { NativeCheckbox };
