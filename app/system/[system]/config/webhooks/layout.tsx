import { messagesLayout } from "@/components/i18n/client-messages";

export default messagesLayout(["dashboard", "pager", "table", "webhooks"]);
