import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { MoreMessages } from "./more-messages";

type Namespace = keyof Awaited<ReturnType<typeof getMessages>> & string;

type Props = {
  /** what the client components under it use and no provider above gives (`npm run check:messages` says which) */
  namespaces: readonly Namespace[];
  /** the root layout's: the first provider, which also hands the client the locale, time zone and formats */
  root?: boolean;
  children: ReactNode;
};

/**
 * Hands the client components of a subtree the message namespaces they use, and no others: the root layout's gives
 * what every page needs (the status bar, error texts, the header), a portal page's adds its area's. The whole catalogue
 * (80 KB of JSON) on every page was the biggest part of a page's answer (docs/decisions.md "Client messages").
 */
export async function ClientMessages({ namespaces, root, children }: Props) {
  const all = await getMessages();
  const messages = Object.fromEntries(namespaces.map((name) => [name, all[name]]));
  if (root) return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
  return <MoreMessages messages={messages}>{children}</MoreMessages>;
}

/**
 * A folder's layout that only adds its pages' namespaces to the portal's: `export default messagesLayout(["scheduler",
 * …])` in app/…/scheduler/layout.tsx. `npm run check:messages` says what each folder needs.
 */
export function messagesLayout(namespaces: readonly Namespace[]) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once, by the layout module's default export
  return function MessagesLayout({ children }: { children: ReactNode }) {
    return <ClientMessages namespaces={namespaces}>{children}</ClientMessages>;
  };
}
