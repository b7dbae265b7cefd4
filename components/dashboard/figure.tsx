import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type Tone = "plain" | "success" | "destructive" | "warning";

const TONES: Record<Tone, string> = {
  plain: "",
  success: "text-success",
  destructive: "text-destructive",
  warning: "text-warning",
};

type Props = {
  label: string;
  /** the figure, formatted */
  value: string;
  /** the filtered list behind the figure (job monitor, statistics, licence); without, the figure is plain text */
  href?: string;
  /** a line under the figure (e.g. since when) */
  hint?: string;
  /** colours the value when it is more than nothing: successes green, failures red */
  tone?: Tone;
  testId?: string;
};

/** One figure of a dashboard card as a tile; with `href` the whole tile opens the list behind it. */
export function Figure({ label, value, href, hint, tone = "plain", testId }: Props) {
  const content = (
    <>
      <span className="block text-xs text-muted-foreground">{label}</span>
      <span className={cn("block text-2xl font-semibold tabular-nums leading-tight", TONES[tone])} data-testid={testId}>
        {value}
      </span>
      {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
    </>
  );
  const frame = "block h-full min-w-0 rounded-lg border px-3 py-2";
  return (
    <li className="min-w-0">
      {href ? (
        <Link
          href={href}
          className={cn(
            frame,
            "transition-colors hover:border-primary hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
          )}
          data-testid={testId ? `${testId}-link` : undefined}
        >
          {content}
        </Link>
      ) : (
        <div className={frame}>{content}</div>
      )}
    </li>
  );
}

/** A row of figures (a list, so that each tile is read with its label). */
export function Figures({ label, children, className }: { label?: string; children: ReactNode; className?: string }) {
  return (
    <ul aria-label={label} className={cn("grid grid-cols-2 gap-2 sm:grid-cols-4", className)}>
      {children}
    </ul>
  );
}
