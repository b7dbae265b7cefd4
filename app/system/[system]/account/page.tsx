import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Account } from "@/components/portal/account";
import { requireSystemPage } from "@/lib/auth/guard";
import { getServiceInfo, getStationId } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";
import { findUser } from "@/lib/users/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

type Props = { params: Promise<{ system: string }> };

export default async function SystemAccountPage({ params }: Props) {
  const { caller } = await requireSystemPage((await params).system);
  const db = await getDb();
  const [row, info, stationId] = await Promise.all([
    findUser(db, { userId: caller.userId }),
    getServiceInfo(db),
    getStationId(db),
  ]);
  return <Account caller={caller} user={row?.user} emailConfirmation={info.isEmailConfirmationActive} stationId={stationId} />;
}
