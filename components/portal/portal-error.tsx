"use client";

import { HouseIcon, RotateCcwIcon, TriangleAlertIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { MessageContent } from "./message-page";

type Props = { error: unknown; retry: () => void; dashboardHref: string };

/** What a portal shows when a page fails unexpectedly: a translated message, retry and a way back, in the shell. */
export function PortalError({ error, retry, dashboardHref }: Props) {
  const t = useTranslations("portalError");
  // the server logs the error under this digest (production builds do not send its message)
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : "";
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert">
      <MessageContent icon={<TriangleAlertIcon className="size-12" />} title={t("title")} message={t("message")}>
        <Button type="button" onClick={() => retry()} data-testid="error-retry">
          <RotateCcwIcon aria-hidden="true" />
          {t("retry")}
        </Button>
        <Button asChild variant="outline">
          <Link href={dashboardHref}>
            <HouseIcon aria-hidden="true" />
            {t("dashboard")}
          </Link>
        </Button>
      </MessageContent>
      {digest && <p className="text-center text-muted-foreground text-xs">{t("reference", { digest })}</p>}
    </div>
  );
}
