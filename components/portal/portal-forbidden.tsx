"use client";

import { HouseIcon, ShieldXIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { BackButton } from "./back-button";
import { MessageContent } from "./message-page";

/**
 * spec foundation §2's access-denied page ("a message plus a button back"), here inside the portal's shell with the URL
 * kept, and a way to the dashboard of the portal it is shown in.
 */
export function PortalForbidden({ dashboardHref }: { dashboardHref: string }) {
  const t = useTranslations("forbidden");
  return (
    <MessageContent icon={<ShieldXIcon className="size-12" />} title={t("title")} message={t("message")}>
      <BackButton label={t("back")} />
      <Button asChild variant="outline">
        <Link href={dashboardHref} data-testid="forbidden-dashboard">
          <HouseIcon aria-hidden="true" />
          {t("dashboard")}
        </Link>
      </Button>
    </MessageContent>
  );
}
