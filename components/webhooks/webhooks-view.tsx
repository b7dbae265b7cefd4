"use client";

import { PlusIcon, WebhookIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/errors/action";
import { deleteWebhookAction, rotateWebhookSecretAction, testWebhookAction, updateWebhookAction } from "@/lib/webhooks/actions";
import type { WebhookDto } from "@/lib/webhooks/schemas";
import { type ProjectOption, WebhookDialog, type WebhookDialogTarget } from "./webhook-dialog";
import { type WebhookNotice, WebhookNoticePanel } from "./webhook-notices";
import { type WebhookRowActions, WebhooksTable } from "./webhooks-table";

type Props = {
  /** the page's webhooks (at most 20 a system, paged here) */
  rows: WebhookDto[];
  total: number;
  page: number;
  pageSize: number;
  systemId: string;
  /** /system/{system}/config/webhooks */
  base: string;
  projects: readonly ProjectOption[];
};

/**
 * Issue 26 §1: the system configuration's webhooks: the list with its actions, the add and edit dialog, and above the
 * list what an action answered: a secret shown once (after adding, after a rotation), a test's outcome. Without
 * webhooks it says what they are, with the add button.
 */
export function WebhooksView({ rows, total, page, pageSize, systemId, base, projects }: Props) {
  const t = useTranslations("webhooks");
  const general = useTranslations("general");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const [dialog, setDialog] = useState<WebhookDialogTarget | null>(null);
  const [notice, setNotice] = useState<WebhookNotice | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusNotice = useRef(false);

  const openDialog = (target: WebhookDialogTarget) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusNotice.current = false;
    setDialog(target);
  };
  const returnFocus = () => {
    // after adding, the secret shown once is what matters next; else back to the button that opened the dialog
    if (focusNotice.current) noticeRef.current?.focus();
    else if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };

  /** an action of the list: its refusal in the status bar (spec foundation §7: no form to show it in) */
  const act = <T,>(send: () => Promise<ActionResult<T>>, after: (data: T) => void) =>
    startTransition(async () => {
      const result = await send();
      router.refresh();
      if (!result.ok) return notifyErrors(result.errors, (error) => general("general_error_common", { error }));
      after(result.data);
    });
  const actions: WebhookRowActions = {
    edit: (webhook) => openDialog({ mode: "edit", webhook }),
    setEnabled: (webhook, enabled) =>
      act(
        () => updateWebhookAction({ id: webhook.id, enabled }),
        () => notify("success", enabled ? t("enabledNow") : t("disabledNow")),
      ),
    test: (webhook) => {
      setNotice({ kind: "sending", text: t("testing", { url: webhook.url }) });
      startTransition(async () => {
        const result = await testWebhookAction({ id: webhook.id });
        router.refresh();
        if (!result.ok) {
          setNotice(null);
          return notifyErrors(result.errors, (error) => general("general_error_common", { error }));
        }
        setNotice({ kind: "outcome", title: t("testTitle", { url: webhook.url }), delivery: result.data });
      });
    },
    rotate: (webhook) =>
      act(
        () => rotateWebhookSecretAction({ id: webhook.id }),
        (rotated) =>
          setNotice({
            kind: "secret",
            made: false,
            url: webhook.url,
            secret: rotated.secret,
            previousUntil: rotated.previousSecretValidUntil,
          }),
      ),
    remove: (webhook) =>
      act(
        () => deleteWebhookAction({ id: webhook.id }),
        () => {
          notify("success", t("deleted"));
          setNotice((current) => (current && "url" in current && current.url === webhook.url ? null : current));
        },
      ),
  };

  const addButton = (
    <Button type="button" onClick={() => openDialog({ mode: "add" })} data-testid="add-webhook">
      <PlusIcon aria-hidden="true" />
      {t("add")}
    </Button>
  );

  return (
    <section className="grid min-w-0 grid-cols-1 gap-4" aria-labelledby="webhooks-heading" data-testid="webhooks">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-3xl gap-1">
          <h2 id="webhooks-heading" className="font-semibold text-lg">
            {t("title")}
          </h2>
          {total > 0 && <p className="text-muted-foreground text-sm">{t("intro")}</p>}
        </div>
        {total > 0 && addButton}
      </div>
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="outline-none" data-testid="webhook-notice">
          <WebhookNoticePanel notice={notice} onClose={() => setNotice(null)} />
        </div>
      )}
      {total === 0 ? (
        <div
          className="grid max-w-3xl justify-items-start gap-3 rounded-md border border-dashed p-6"
          data-testid="webhooks-empty"
        >
          <WebhookIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <h3 className="font-medium">{t("emptyTitle")}</h3>
          <p className="text-muted-foreground text-sm">{t("emptyText")}</p>
          {addButton}
        </div>
      ) : (
        <WebhooksTable
          rows={rows}
          total={total}
          page={page}
          pageSize={pageSize}
          base={base}
          projects={projects}
          actions={actions}
        />
      )}
      <WebhookDialog
        target={dialog}
        systemId={systemId}
        projects={projects}
        onClose={() => setDialog(null)}
        returnFocus={returnFocus}
        onSaved={(saved) => {
          setDialog(null);
          if ("made" in saved) {
            focusNotice.current = true;
            setNotice({ kind: "secret", made: true, url: saved.made.url, secret: saved.made.secret });
            notify("success", t("created"));
          } else {
            notify("success", t("saved"));
          }
          router.refresh();
        }}
      />
    </section>
  );
}
