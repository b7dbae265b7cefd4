import { FileQuestionIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { BackButton } from "./back-button";
import { MessageContent } from "./message-page";

/** spec foundation §2: "a catch-all page says not found and has a back button", here inside the portal's shell. */
export async function PortalNotFound() {
  const t = await getTranslations("notFound");
  return (
    <MessageContent icon={<FileQuestionIcon className="size-12" />} title={t("title")} message={t("message")}>
      <BackButton label={t("back")} />
    </MessageContent>
  );
}
