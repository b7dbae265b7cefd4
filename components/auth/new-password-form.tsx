"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useStatus } from "@/components/shell/status-bar";
import { changePasswordViaLinkAction, resetPasswordAction } from "@/lib/account/sign-in-actions";
import { PasswordPairForm } from "./password-pair-form";

type Props = { mode: "reset"; userName: string; token: string } | { mode: "changeViaLink"; userId: string; token: string };

/** The pages of mailed links: new password and repeat (spec foundation §2 Reset / Change password via link). */
export function NewPasswordForm(props: Props) {
  const t = useTranslations("password");
  const router = useRouter();
  const { notify } = useStatus();
  const reset = props.mode === "reset";
  return (
    <PasswordPairForm
      testId="new-password-form"
      submitLabel={t("save")}
      wrap={(error) => (reset ? t("password_error_reset", { error }) : t("password_error_change", { error }))}
      send={(newPassword) =>
        props.mode === "reset"
          ? resetPasswordAction({ userName: props.userName, token: props.token, newPassword })
          : changePasswordViaLinkAction({ userId: props.userId, token: props.token, newPassword })
      }
      onSent={() => {
        notify("success", reset ? t("resetDone") : t("changeDone"));
        // spec foundation §2: on success the reset goes to /, the change via link home
        router.push("/");
      }}
    />
  );
}
