import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("password"))("forgotTitle") };
}

type Props = { searchParams: Promise<{ system?: string }> };

export default async function ForgotPasswordPage({ searchParams }: Props) {
  const t = await getTranslations("password");
  const { system } = await searchParams;
  return (
    <AuthCard title={t("forgotTitle")}>
      <ForgotPasswordForm systemName={system} />
    </AuthCard>
  );
}
