"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CardFooter } from "@/components/ui/card";

type Props = {
  /** while the form is sent, submit is disabled */
  pending: boolean;
  submitTestId: string;
  /** the submit button's content; "Save" when not given */
  submit?: ReactNode;
  /** where Cancel goes back to, unsaved; no Cancel when not given */
  cancelHref?: string;
  /** further buttons after Cancel */
  children?: ReactNode;
};

/** The button row at the foot of a form's card: submit and Cancel. */
export function FormButtons({ pending, submitTestId, submit, cancelHref, children }: Props) {
  const t = useTranslations("general");
  const router = useRouter();
  return (
    <CardFooter className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending} data-testid={submitTestId}>
        {submit ?? t("save")}
      </Button>
      {cancelHref && (
        <Button type="button" variant="outline" onClick={() => router.push(cancelHref)}>
          {t("cancel")}
        </Button>
      )}
      {children}
    </CardFooter>
  );
}
