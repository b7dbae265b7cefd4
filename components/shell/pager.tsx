"use client";

import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { PAGE_SIZES, pageButtons, pageCount } from "@/lib/paging";

/** `exact` false: `total` is a lower bound (a capped count); pages go on while they are full. */
type Props = { page: number; pageSize: number; total: number; exact?: boolean };

/** The shared pager: page size 5-100, first page 0 (shown as 1), at most 5 page buttons; state in the URL query. */
export function Pager({ page, pageSize, total, exact = true }: Props) {
  const t = useTranslations("pager");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const pages = pageCount(total, pageSize);
  const go = (next: { page?: number; pageSize?: number }) => {
    const query = new URLSearchParams(search.toString());
    query.set("page", String(next.page ?? page));
    query.set("pageSize", String(next.pageSize ?? pageSize));
    router.push(`${pathname}?${query.toString()}`);
  };
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);

  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm" data-testid="pager">
      <div className="flex items-center gap-2">
        <span id="page-size-label" className="text-muted-foreground">
          {t("pageSize")}
        </span>
        <NativeSelect
          size="sm"
          className="w-20"
          value={String(pageSize)}
          onChange={(e) => go({ page: 0, pageSize: Number(e.target.value) })}
          aria-labelledby="page-size-label"
          data-testid="page-size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
        <span className="text-muted-foreground" data-testid="pager-summary">
          {total === 0 ? t("empty") : exact ? t("summary", { from, to, total }) : t("summaryMore", { from, to, total })}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" disabled={page === 0} onClick={() => go({ page: 0 })} aria-label={t("first")}>
          <ChevronsLeftIcon />
        </Button>
        <Button
          variant="outline"
          size="icon"
          disabled={page === 0}
          onClick={() => go({ page: page - 1 })}
          aria-label={t("previous")}
        >
          <ChevronLeftIcon />
        </Button>
        {pageButtons(page, pages).map((p) => (
          <Button
            key={p}
            variant={p === page ? "default" : "outline"}
            size="icon"
            aria-current={p === page ? "page" : undefined}
            aria-label={t("page", { page: p + 1 })}
            onClick={() => go({ page: p })}
          >
            {p + 1}
          </Button>
        ))}
        <Button
          variant="outline"
          size="icon"
          disabled={exact && page >= pages - 1}
          onClick={() => go({ page: page + 1 })}
          aria-label={t("next")}
        >
          <ChevronRightIcon />
        </Button>
        <Button
          variant="outline"
          size="icon"
          disabled={!exact || page >= pages - 1}
          onClick={() => go({ page: pages - 1 })}
          aria-label={t("last")}
        >
          <ChevronsRightIcon />
        </Button>
      </div>
    </nav>
  );
}
