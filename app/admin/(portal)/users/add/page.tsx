import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("addTitle") };
}

export default async function AdminUserAddPage() {
  const caller = await requireAdminPage("ManageAdminUsers");
  const stationId = await getStationId(await getDb());
  return <UserFormPage system={{ id: caller.systemId, name: caller.systemName }} base="/admin" stationId={stationId} />;
}
