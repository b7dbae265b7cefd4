import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";
import { getUserForCaller } from "@/lib/users/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ system: string; userId: string }> };

export default async function SystemUserEditPage({ params }: Props) {
  const { system: systemParam, userId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageUsers");
  const db = await getDb();
  const [user, stationId] = await Promise.all([
    getUserForCaller(db, caller, { userId }).catch(() => undefined),
    getStationId(db),
  ]);
  // one's own user is changed on the account page, and foreign or unknown users do not exist here
  if (!user || user.systemId !== system.id || user.id === caller.userId) notFound();
  return <UserFormPage system={system} base={`/system/${encodeURIComponent(system.name)}`} user={user} stationId={stationId} />;
}
