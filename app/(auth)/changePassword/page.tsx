import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { homeOf } from "@/lib/auth/guard";
import { isSupersystemName } from "@/lib/auth/permissions";
import { currentCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("changePassword"))("title") };
}

/** Named route changePassword (spec foundation §2): requires login; the forced change after it. */
export default async function ChangePasswordPage() {
  await connection();
  const caller = await currentCaller();
  if (!caller) redirect("/login");
  if (!caller.requiresPasswordChange) redirect(homeOf(caller));
  const t = await getTranslations("changePassword");
  const stationId = await getStationId(await getDb());
  return (
    <AuthCard title={t("title")} description={t("intro")}>
      <ChangePasswordForm
        stationId={stationId}
        systemName={caller.systemName}
        obfuscate={!isSupersystemName(caller.systemName)}
      />
    </AuthCard>
  );
}
