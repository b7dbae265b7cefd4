"use client";

import type { LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ConfirmDialogContent } from "@/components/shell/confirm-dialog-content";
import { AlertDialog, AlertDialogTrigger } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

type Props = {
  label: string;
  icon: LucideIcon;
  title: string;
  description: string;
  onConfirm: () => void;
  disabled?: boolean;
  destructive?: boolean;
  testId?: string;
  /** a row's button (a table's action column) */
  size?: "sm";
};

/** DESIGN Conventions: a button whose action asks yes/no first. */
export function ConfirmButton({ label, icon: Icon, title, description, onConfirm, disabled, destructive, testId, size }: Props) {
  const t = useTranslations("jobs");
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant={destructive ? "destructive" : "outline"} size={size} disabled={disabled} data-testid={testId}>
          <Icon aria-hidden="true" />
          {label}
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={title}
        description={description}
        confirmLabel={t("yes")}
        cancelLabel={t("no")}
        onConfirm={onConfirm}
        destructive={destructive}
        confirmTestId="confirm-yes"
      />
    </AlertDialog>
  );
}
