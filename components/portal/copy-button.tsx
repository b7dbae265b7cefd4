"use client";

import { CopyIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";

/** spec foundation §8 "Other": a copy warns off https and fails where the clipboard is missing. */
export function CopyButton({ value }: { value: string }) {
  const t = useTranslations("dashboard");
  const { notify } = useStatus();
  const copy = async () => {
    if (!navigator.clipboard) {
      notify(window.isSecureContext ? "error" : "note", window.isSecureContext ? t("copyUnsupported") : t("copyInsecure"));
      return;
    }
    try {
      await navigator.clipboard.writeText(value);
      notify("success", t("copied"));
    } catch {
      notify("error", t("copyUnsupported"));
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy}>
      <CopyIcon />
      {t("copy")}
    </Button>
  );
}
