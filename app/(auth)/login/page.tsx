import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { Button } from "@/components/ui/button";
import { logoutAction } from "@/lib/account/sign-in-actions";
import { homeOf } from "@/lib/auth/guard";
import { isSupersystemName } from "@/lib/auth/permissions";
import { currentCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { getServiceInfo, getStationId } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

type Props = { searchParams: Promise<{ system?: string; callbackUrl?: string }> };

export default async function LoginPage({ searchParams }: Props) {
  await connection();
  const caller = await currentCaller();
  const { system, callbackUrl } = await searchParams;
  if (caller && system && isOtherTenant(caller.systemName, system)) return <SignedInElsewhere own={caller} system={system} />;
  if (caller) redirect(homeOf(caller));
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

/** A tenant's user signed in to one system who opens another's sign-in (a Supersystem user goes home as before). */
function isOtherTenant(own: string, asked: string): boolean {
  return !isSupersystemName(own) && own.toLowerCase() !== asked.trim().toLowerCase();
}

/** Says where the user is signed in instead of moving them there silently: their portal, or sign out and sign in. */
async function SignedInElsewhere({
  own,
  system,
}: {
  own: { systemName: string; requiresPasswordChange: boolean };
  system: string;
}) {
  const t = await getTranslations("login");
  return (
    <AuthCard title={t("title")}>
      <div className="grid gap-4" data-testid="signed-in-elsewhere">
        <p className="text-sm wrap-anywhere">{t("signedInElsewhere", { own: own.systemName, system })}</p>
        <div className="flex flex-wrap gap-2">
          <form action={logoutAction}>
            <input type="hidden" name="system" value={system} />
            <Button type="submit">{t("signOutFirst")}</Button>
          </form>
          <Button asChild variant="outline">
            <Link href={homeOf(own)}>{t("openOwnPortal")}</Link>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
