"use client";

import { useTranslations } from "next-intl";
import { changeRequiredPasswordAction } from "@/lib/account/sign-in-actions";
import { obfuscateInBrowser } from "@/lib/auth/obfuscate-browser";
import { PasswordPairForm } from "./password-pair-form";

/** spec foundation §2 "Forced password change": new password and repeat; on success the action signs in again. */
export function ChangePasswordForm({
  stationId,
  systemName,
  obfuscate,
}: {
  stationId: string;
  systemName: string;
  obfuscate: boolean;
}) {
  const t = useTranslations("changePassword");
  return (
    <PasswordPairForm
      testId="change-password-form"
      submitLabel={t("submit")}
      send={async (newPassword) =>
        changeRequiredPasswordAction({
          newPassword: obfuscate ? await obfuscateInBrowser(newPassword, stationId, systemName) : newPassword,
        })
      }
    />
  );
}
