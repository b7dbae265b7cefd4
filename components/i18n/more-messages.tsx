"use client";

import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { type ReactNode, useMemo } from "react";

type Messages = ReturnType<typeof useMessages>;

/**
 * The messages of the providers above, with some namespaces more for the subtree (./client-messages.tsx): a nested
 * NextIntlClientProvider replaces its parent's messages, so this one hands down both.
 */
export function MoreMessages({ messages, children }: { messages: Messages; children: ReactNode }) {
  const above = useMessages();
  const locale = useLocale();
  const merged = useMemo(() => ({ ...above, ...messages }), [above, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
