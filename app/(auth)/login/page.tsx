import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { homeOf } from "@/lib/auth/guard";
import { currentCaller } from "@/lib/auth/web-session";
import { getServiceInfo, getStationId } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

type Props = { searchParams: Promise<{ system?: string; callbackUrl?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  await connection();
  const caller = await currentCaller();
  if (caller) redirect(homeOf(caller));
  const { system, callbackUrl } = await searchParams;
  const db = await getDb();
  const [info, stationId, t] = await Promise.all([getServiceInfo(db), getStationId(db), getTranslations("login")]);
  return (
    <AuthCard title={t("title")}>
      <LoginForm
        admin={false}
        fixedSystem={system || undefined}
        stationId={stationId}
        callbackUrl={callbackUrl}
        showForgotPassword={info.isEmailConfirmationActive}
      />
    </AuthCard>
  );
}
