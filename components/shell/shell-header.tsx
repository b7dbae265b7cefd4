import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * The top of every page frame: the skip link to the content, then the header bar with the product name
 * (a link to `home`) and `children` beside it.
 */
export async function ShellHeader({ home, children }: { home: string; children: ReactNode }) {
  const [t, tp] = await Promise.all([getTranslations("header"), getTranslations("product")]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-40 flex flex-wrap items-center gap-3 border-b bg-background/95 px-4 py-2 backdrop-blur">
        <Link href={home} className="text-lg font-semibold tracking-tight">
          {tp("name")}
        </Link>
        {children}
      </header>
    </>
  );
}

/** The page's content, the skip link's target: focusable by it only (tabIndex -1), so the next Tab goes on inside. */
export function ShellMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
      {children}
    </main>
  );
}
