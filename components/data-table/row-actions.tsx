"use client";

import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import { useRef, useState } from "react";
import { ConfirmDialogContent } from "@/components/shell/confirm-dialog-content";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { SpriteIcon } from "@/components/ui/icon-sprite";

export type RowActionConfirm = {
  /** a function when the title names the row: formatted only when the question is asked, not for every row shown */
  title: string | (() => string);
  description: string;
  confirmLabel: string;
  cancelLabel: string;
};

export type RowAction = {
  /** Shown as the hint and read as the button's accessible name. */
  label: string;
  icon: LucideIcon;
  onClick?: () => void;
  /** Renders a link instead of a button (ignored while disabled). */
  href?: string;
  /** The link opens in a new tab (the learn portal, spec operations §2 "Learn projects"). */
  newTab?: boolean;
  disabled?: boolean;
  /**
   * Why the action is disabled: the hint then says it after the label, and the button stays focusable (aria-disabled,
   * no click) so that keyboard and pointer users can read it.
   */
  disabledReason?: string;
  destructive?: boolean;
  /** DESIGN Conventions: every destructive action asks yes/no first. */
  confirm?: RowActionConfirm;
  testId?: string;
};

/** The icon buttons at the end of a row. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {actions.map((action) => (
        <RowActionButton key={action.label} action={action} />
      ))}
    </div>
  );
}

/**
 * An icon button with its label as the page's hint (components/ui/hint-layer.tsx). An action that asks first mounts
 * its yes/no dialog from the first question on: a table of 25 rows renders 25 buttons, not 25 dialogs.
 */
function RowActionButton({ action }: { action: RowAction }) {
  const { label, icon: Icon, onClick, href, newTab, disabled, disabledReason, destructive, confirm, testId } = action;
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState(false); // mounted from the first question on, so closing animates
  const ref = useRef<HTMLButtonElement>(null);
  const asks = Boolean(confirm) && !href;
  const link = Boolean(href) && !disabled;
  const ask = () => {
    setAsked(true);
    setAsking(true);
  };
  // the look of `<Button variant="ghost" size="icon">` as one class (app/globals.css `@utility row-action`)
  const className = `row-action ${destructive ? "text-destructive" : "hover:text-accent-foreground"}`;
  const icon = <SpriteIcon icon={Icon} />;
  if (disabled && disabledReason)
    return (
      <button
        type="button"
        aria-label={label}
        aria-disabled="true"
        data-hint={`${label}: ${disabledReason}`}
        className={`${className} cursor-not-allowed opacity-50 hover:bg-transparent dark:hover:bg-transparent`}
        data-testid={testId}
      >
        {icon}
      </button>
    );
  const button =
    link && href ? (
      <Link
        href={href}
        aria-label={label}
        data-hint={label}
        className={className}
        data-testid={testId}
        {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {icon}
      </Link>
    ) : (
      <button
        ref={ref}
        type="button"
        aria-label={label}
        data-hint={label}
        disabled={disabled}
        className={className}
        onClick={asks ? ask : onClick}
        data-testid={testId}
        {...(asks ? { "aria-haspopup": "dialog" as const, "aria-expanded": asking } : {})}
      >
        {icon}
      </button>
    );
  if (!asks || !confirm) return button;
  return (
    <>
      {button}
      {asked && (
        <AlertDialog open={asking} onOpenChange={setAsking}>
          <ConfirmDialogContent
            {...confirm}
            title={typeof confirm.title === "function" ? confirm.title() : confirm.title}
            onConfirm={onClick}
            destructive={destructive}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              ref.current?.focus();
            }}
          />
        </AlertDialog>
      )}
    </>
  );
}
