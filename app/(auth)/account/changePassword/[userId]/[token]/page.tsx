import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { NewPasswordForm } from "@/components/auth/new-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("password"))("changeTitle") };
}

type Props = { params: Promise<{ userId: string; token: string }> };

/** spec foundation §2 "Change password via link": /account/changePassword/{userId}/{token}. */
export default async function ChangePasswordViaLinkPage({ params }: Props) {
  const { userId, token } = await params;
  const t = await getTranslations("password");
  return (
    <AuthCard title={t("changeTitle")}>
      <NewPasswordForm mode="changeViaLink" userId={userId} token={token} />
    </AuthCard>
  );
}
