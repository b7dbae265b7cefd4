"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { confirmEmailAction } from "@/lib/account/sign-in-actions";
import type { ErrorEntry } from "@/lib/errors/app-error";

/** spec foundation §9: the redirect after an e-mail change waits 1 second. */
export const EMAIL_CONFIRMED_REDIRECT_MS = 1000;

/** spec foundation §2 "Confirm e-mail change": runs on load; on success home after 1 second. */
export function ConfirmEmail({ userId, token, email }: { userId: string; token: string; email: string }) {
  const t = useTranslations("password");
  const router = useRouter();
  const [state, setState] = useState<{ status: "running" | "done" } | { status: "failed"; errors: ErrorEntry[] }>({
    status: "running",
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirmEmailAction({ userId, token, newEmail: email }).then((result) => {
      if (!result.ok) return setState({ status: "failed", errors: result.errors });
      setState({ status: "done" });
      setTimeout(() => router.push("/"), EMAIL_CONFIRMED_REDIRECT_MS);
    });
  }, [userId, token, email, router]);

  if (state.status === "failed") return <FormError errors={state.errors} wrap={(error) => t("email_error_change", { error })} />;
  return (
    <Alert variant={state.status === "done" ? "success" : "default"} data-testid="confirm-email">
      <AlertDescription>{state.status === "done" ? t("emailConfirmed", { email }) : t("confirming", { email })}</AlertDescription>
    </Alert>
  );
}
