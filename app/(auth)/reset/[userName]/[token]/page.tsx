import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { NewPasswordForm } from "@/components/auth/new-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("password"))("resetTitle") };
}

type Props = { params: Promise<{ userName: string; token: string }> };

/** spec foundation §2 "Reset password": /reset/{userName}/{token}. */
export default async function ResetPasswordPage({ params }: Props) {
  const { userName, token } = await params;
  const t = await getTranslations("password");
  return (
    <AuthCard title={t("resetTitle")} description={decodeURIComponent(userName)}>
      <NewPasswordForm mode="reset" userName={decodeURIComponent(userName)} token={token} />
    </AuthCard>
  );
}
