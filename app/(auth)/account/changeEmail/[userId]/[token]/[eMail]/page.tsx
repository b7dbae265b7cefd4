import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmail } from "@/components/auth/confirm-email";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("password"))("confirmEmailTitle") };
}

type Props = { params: Promise<{ userId: string; token: string; eMail: string }> };

/** spec foundation §2 "Confirm e-mail change": /account/changeEmail/{userId}/{token}/{eMail}. */
export default async function ConfirmEmailPage({ params }: Props) {
  const { userId, token, eMail } = await params;
  const t = await getTranslations("password");
  return (
    <AuthCard title={t("confirmEmailTitle")}>
      <ConfirmEmail userId={userId} token={token} email={decodeURIComponent(eMail)} />
    </AuthCard>
  );
}
