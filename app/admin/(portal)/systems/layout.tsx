import { messagesLayout } from "@/components/i18n/client-messages";

export default messagesLayout(["general", "pager", "systems", "table"]);
