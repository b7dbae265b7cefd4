import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getStationId } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("addTitle") };
}

type Props = { params: Promise<{ system: string }> };

export default async function SystemUserAddPage({ params }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageUsers");
  const stationId = await getStationId(await getDb());
  return <UserFormPage system={system} base={`/system/${encodeURIComponent(system.name)}`} stationId={stationId} />;
}
