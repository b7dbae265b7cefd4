import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { homeOf } from "@/lib/auth/guard";
import { currentCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { getServiceInfo, getStationId } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("adminTitle") };
}

type Props = { searchParams: Promise<{ callbackUrl?: string }> };

/** spec foundation §2 "Admin login": the system is always Supersystem. */
export default async function AdminLoginPage({ searchParams }: Props) {
  await connection();
  const caller = await currentCaller();
  if (caller) redirect(homeOf(caller));
  const { callbackUrl } = await searchParams;
  const db = await getDb();
  const [info, stationId, t] = await Promise.all([getServiceInfo(db), getStationId(db), getTranslations("login")]);
  return (
    <AuthCard title={t("adminTitle")}>
      <LoginForm admin stationId={stationId} callbackUrl={callbackUrl} showForgotPassword={info.isEmailConfirmationActive} />
    </AuthCard>
  );
}
