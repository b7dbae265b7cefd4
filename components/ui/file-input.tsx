"use client";

import { useTranslations } from "next-intl";
import { type ComponentProps, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * A file field that speaks the page's language: the browser's own file input says "Choose File" and "No file chosen"
 * in the browser's language, not the portal's. The native input stays (visually hidden, focusable, labelled by its
 * field's label, taking the form's id and aria attributes); the box around it opens the picker on a click.
 */
export function FileInput({ className, onChange, ...props }: Omit<ComponentProps<"input">, "type">) {
  const t = useTranslations("general");
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <label
      data-slot="file-input"
      className={cn(
        "flex h-9 w-full min-w-0 cursor-pointer items-center gap-3 rounded-md border border-input bg-transparent px-1 shadow-xs transition-[color,box-shadow] dark:bg-input/30",
        "focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50",
        "has-[input[aria-invalid=true]]:border-destructive has-[input:disabled]:pointer-events-none has-[input:disabled]:opacity-50",
        className,
      )}
    >
      <input
        {...props}
        type="file"
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          setChosen(files.length ? files.map((f) => f.name).join(", ") : null);
          onChange?.(e);
        }}
      />
      <span
        aria-hidden
        className="shrink-0 rounded-sm border border-input bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground text-sm"
      >
        {t("chooseFile")}
      </span>
      <span aria-hidden className="truncate text-muted-foreground text-sm">
        {chosen ?? t("noFileChosen")}
      </span>
    </label>
  );
}
