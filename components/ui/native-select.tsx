import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * The browser's own select, styled like the inputs: one tab stop, keyboard and screen reader support of the
 * platform, and no modal popup (Radix Select hides the page with aria-hidden while open, which axe reports as
 * aria-hidden-focus). The portal's one select. Its option list is drawn by the browser: the options take the popover's
 * colours (and the page's `color-scheme`), so the list reads in the dark theme as well as in the light one.
 */
function NativeSelect({
  className,
  size = "default",
  ...props
}: Omit<React.ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  return (
    <div className={cn("relative min-w-0", className)} data-slot="native-select-wrapper">
      <select
        data-slot="native-select"
        className={cn(
          "w-full min-w-0 appearance-none truncate rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
          "[&_option]:bg-popover [&_option]:text-popover-foreground",
          size === "sm" ? "h-8" : "h-9",
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export { NativeSelect };
