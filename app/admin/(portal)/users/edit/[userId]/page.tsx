import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";
import { getUserForCaller } from "@/lib/users/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ userId: string }> };

export default async function AdminUserEditPage({ params }: Props) {
  const caller = await requireAdminPage("ManageAdminUsers");
  const { userId } = await params;
  const db = await getDb();
  const [user, stationId] = await Promise.all([
    getUserForCaller(db, caller, { userId }).catch(() => undefined),
    getStationId(db),
  ]);
  // one's own user is changed on the account page, and foreign or unknown users do not exist here
  if (!user || user.systemId !== caller.systemId || user.id === caller.userId) notFound();
  return (
    <UserFormPage system={{ id: caller.systemId, name: caller.systemName }} base="/admin" user={user} stationId={stationId} />
  );
}
