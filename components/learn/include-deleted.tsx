"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useOptimistic, useTransition } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/** The learn list's include-deleted checkbox (spec operations §2), kept in the URL query; a change starts at page 0. */
export function IncludeDeletedToggle({ checked }: { checked: boolean }) {
  const t = useTranslations("learnProjects");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  // checked at once, while the list of the new URL loads
  const [shown, setShown] = useOptimistic(checked);
  const [, startTransition] = useTransition();
  const toggle = (on: boolean) => {
    const query = new URLSearchParams(search.toString());
    if (on) query.set("includeDeleted", "true");
    else query.delete("includeDeleted");
    query.set("page", "0");
    startTransition(() => {
      setShown(on);
      router.push(`${pathname}?${query.toString()}`);
    });
  };
  return (
    <div className="mb-3 flex items-center gap-2">
      <Checkbox id="includeDeleted" checked={shown} onCheckedChange={(on) => toggle(on === true)} data-testid="include-deleted" />
      <Label htmlFor="includeDeleted" className="font-normal">
        {t("includeDeleted")}
      </Label>
    </div>
  );
}
