import { ShieldXIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/portal/message-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("forbidden"))("title") };
}

/** spec foundation §2: the access-denied page, a message plus a button back. */
export default async function ForbiddenPage() {
  const t = await getTranslations("forbidden");
  return <MessagePage icon={<ShieldXIcon className="size-12" />} title={t("title")} message={t("message")} back={t("back")} />;
}
