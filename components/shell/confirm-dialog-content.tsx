"use client";

import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

type Props = {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm?: () => void;
  destructive?: boolean;
  confirmTestId?: string;
  /** where focus goes when the dialog closes (a dialog without a trigger element hands focus back itself) */
  onCloseAutoFocus?: (event: Event) => void;
};

/** DESIGN Conventions: the yes/no question of an action that asks first (inside an AlertDialog). */
export function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive,
  confirmTestId,
  onCloseAutoFocus,
}: Props) {
  return (
    <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
        <AlertDialogAction variant={destructive ? "destructive" : "default"} onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
