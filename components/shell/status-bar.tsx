"use client";

import { XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useErrorMessage } from "@/components/forms/use-error-message";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { cn } from "@/lib/utils";

/** spec foundation §9: status messages show 5 seconds as note, success or error. */
export const STATUS_MS = 5000;

type Kind = "note" | "success" | "error";
type Message = { id: number; kind: Kind; text: string };

type StatusApi = {
  notify: (kind: Kind, text: string) => void;
  /** translated server errors joined by " | " (spec foundation §8) */
  notifyErrors: (errors: ErrorEntry[], wrap?: (joined: string) => string) => void;
};

const StatusContext = createContext<StatusApi | null>(null);

export function useStatus(): StatusApi {
  const api = useContext(StatusContext);
  if (!api) throw new Error("useStatus outside StatusProvider");
  return api;
}

/** Translates error entries by code (messages "errors"), joined by " | ". */
export function useErrorText() {
  const message = useErrorMessage();
  return useCallback((errors: ErrorEntry[]) => errors.map(message).join(" | "), [message]);
}

export function StatusProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errorText = useErrorText();
  const t = useTranslations("status");

  const notify = useCallback((kind: Kind, text: string) => {
    clearTimeout(timer.current);
    setMessage({ id: Date.now(), kind, text });
    timer.current = setTimeout(() => setMessage(null), STATUS_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const api = useMemo<StatusApi>(
    () => ({
      notify,
      notifyErrors: (errors, wrap) => {
        const joined = errorText(errors);
        notify("error", wrap ? wrap(joined) : joined);
      },
    }),
    [notify, errorText],
  );

  return (
    <StatusContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        {message && (
          <div
            key={message.id}
            data-testid="status-bar"
            data-kind={message.kind}
            className={cn(
              "pointer-events-auto flex max-w-2xl items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg",
              message.kind === "error" && "border-destructive bg-destructive text-destructive-foreground",
              message.kind === "success" && "border-success bg-success text-success-foreground",
              message.kind === "note" && "border-border bg-popover text-popover-foreground",
            )}
          >
            <span className="min-w-0 flex-1 wrap-anywhere">{message.text}</span>
            <button
              type="button"
              aria-label={t("close")}
              onClick={() => setMessage(null)}
              className="opacity-80 hover:opacity-100"
            >
              <XIcon className="size-4" />
            </button>
          </div>
        )}
      </div>
    </StatusContext.Provider>
  );
}
