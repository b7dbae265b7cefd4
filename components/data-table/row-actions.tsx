"use client";

import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConfirmDialogContent } from "@/components/shell/confirm-dialog-content";
import { AlertDialog, AlertDialogTrigger } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

export type RowActionConfirm = { title: string; description: string; confirmLabel: string; cancelLabel: string };

export type RowAction = {
  /** Shown as the tooltip and read as the button's accessible name. */
  label: string;
  icon: LucideIcon;
  onClick?: () => void;
  /** Renders a link instead of a button (ignored while disabled). */
  href?: string;
  /** The link opens in a new tab (the learn portal, spec operations §2 "Learn projects"). */
  newTab?: boolean;
  disabled?: boolean;
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

function RowActionButton({ action }: { action: RowAction }) {
  const { label, icon: Icon, onClick, href, newTab, disabled, destructive, confirm, testId } = action;
  const button = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      disabled={disabled}
      className={destructive ? "text-destructive hover:text-destructive" : undefined}
      onClick={confirm || href ? undefined : onClick}
      asChild={Boolean(href) && !disabled}
      data-testid={testId}
    >
      {href && !disabled ? (
        <Link href={href} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          <Icon aria-hidden="true" />
        </Link>
      ) : (
        <Icon aria-hidden="true" />
      )}
    </Button>
  );
  const withTooltip = (trigger: ReactNode) => (
    <Tooltip>
      <TooltipTrigger asChild>{trigger}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
  if (!confirm || href) return withTooltip(button);
  return (
    <AlertDialog>
      {withTooltip(<AlertDialogTrigger asChild>{button}</AlertDialogTrigger>)}
      <ConfirmDialogContent {...confirm} onConfirm={onClick} destructive={destructive} />
    </AlertDialog>
  );
}
