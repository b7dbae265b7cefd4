"use client";

import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/** Lines shown of a long value until it is expanded. */
const COLLAPSED_LINES = 6;

/** The change's JSON text indented (2 spaces); a text that is not JSON as it is. */
export function prettyJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** spec operations §2 "value (JSON text)": formatted JSON in monospace; a long value opens and closes with a button. */
export function AuditValue({ value }: { value: string }) {
  const t = useTranslations("audittrail");
  const id = useId();
  const [open, setOpen] = useState(false);
  const text = prettyJson(value);
  const lines = text.split("\n");
  const long = lines.length > COLLAPSED_LINES;
  const shown = long && !open ? `${lines.slice(0, COLLAPSED_LINES).join("\n")}\n…` : text;
  return (
    <div className="grid min-w-64 max-w-xl justify-items-start gap-1">
      <pre
        id={id}
        className="max-w-full overflow-x-auto whitespace-pre-wrap rounded bg-muted/60 px-2 py-1 font-mono text-xs leading-relaxed wrap-anywhere"
        data-testid="audit-value"
      >
        {shown}
      </pre>
      {long && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          data-testid="audit-value-toggle"
        >
          {open ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
          {open ? t("showLess") : t("showAll", { lines: lines.length })}
        </Button>
      )}
    </div>
  );
}
