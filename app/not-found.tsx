import { FileQuestionIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { MessagePage } from "@/components/portal/message-page";

/** spec foundation §2: a catch-all page says not found and has a back button. */
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <MessagePage icon={<FileQuestionIcon className="size-12" />} title={t("title")} message={t("message")} back={t("back")} />
  );
}
