"use client";

import { Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FieldFrame, TextareaField, TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { WEBHOOK_EVENTS } from "@/db/schema/webhooks";
import { cn } from "@/lib/utils";
import { createWebhookAction, updateWebhookAction } from "@/lib/webhooks/actions";
import type { NewWebhookDto, WebhookFormValues as Values, WebhookDto } from "@/lib/webhooks/schemas";
import { ZWebhookForm } from "@/lib/webhooks/schemas";
import { useWebhookText } from "./use-webhook-text";

/** A project a webhook may be limited to: the system's extraction and learn projects. */
export type ProjectOption = { id: string; name: string; learn: boolean };

/** What the dialog edits: a new webhook, or one of the list. */
export type WebhookDialogTarget = { mode: "add" } | { mode: "edit"; webhook: WebhookDto };

type Props = {
  target: WebhookDialogTarget | null;
  systemId: string;
  projects: readonly ProjectOption[];
  onClose: () => void;
  /** where focus goes once the dialog has closed (the dialog has no trigger of its own) */
  returnFocus: () => void;
  /** after a save: the new webhook (with its secret), or the saved one */
  onSaved: (saved: { made: NewWebhookDto } | { updated: WebhookDto }) => void;
};

/**
 * Issue 26 §1: add or edit a webhook in a dialog: URL, events, one project or all, description. The form checks what
 * the service checks (ZWebhookForm); the server's answers show under their fields (a refused address under the URL).
 */
export function WebhookDialog({ target, systemId, projects, onClose, returnFocus, onSaved }: Props) {
  const t = useTranslations("webhooks");
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t("close")}
        className="sm:max-w-xl"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
        data-testid="webhook-dialog"
      >
        <DialogHeader>
          <DialogTitle>{target?.mode === "edit" ? t("editTitle") : t("addTitle")}</DialogTitle>
        </DialogHeader>
        {target && (
          <WebhookForm
            key={target.mode === "edit" ? target.webhook.id : "add"}
            target={target}
            systemId={systemId}
            projects={projects}
            onClose={onClose}
            onSaved={onSaved}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  target,
  systemId,
  projects,
  onClose,
  onSaved,
}: Omit<Props, "returnFocus"> & { target: WebhookDialogTarget }) {
  const t = useTranslations("webhooks");
  const text = useWebhookText();
  const editing = target.mode === "edit" ? target.webhook : null;
  const { form, pending, submit, formErrors } = useActionForm<Values, z.output<typeof ZWebhookForm>>({
    schema: ZWebhookForm,
    defaultValues: {
      url: editing?.url ?? "",
      events: editing?.events ?? [],
      projectId: editing?.projectId ?? "",
      description: editing?.description ?? "",
    },
    codes: { WebhookAddressRefused: "url", ProjectNotFound: "projectId" },
  });
  const onSubmit = submit<NewWebhookDto | WebhookDto>(
    (v) => {
      const input = { url: v.url, events: v.events, projectId: v.projectId || null, description: v.description };
      return editing ? updateWebhookAction({ id: editing.id, ...input }) : createWebhookAction({ systemId, ...input });
    },
    (saved) => onSaved(editing ? { updated: saved } : { made: saved as NewWebhookDto }),
  );
  const extraction = projects.filter((p) => !p.learn);
  const learn = projects.filter((p) => p.learn);
  const unknown = editing?.projectId && !projects.some((p) => p.id === editing.projectId) ? editing.projectId : null;

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="webhook-form">
        <FormError errors={formErrors} wrap={(error) => t("webhooks_error_save", { error })} />
        <TextField<Values>
          name="url"
          id="webhookUrl"
          label={t("url")}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          description={t("urlHint")}
        />
        <FormField
          control={form.control}
          name="events"
          render={({ field }) => (
            <FormItem id="webhookEvents" role="group" aria-labelledby="webhook-events-legend">
              <p
                id="webhook-events-legend"
                className={cn("font-medium text-sm", form.formState.errors.events && "text-destructive")}
              >
                {t("events")}
              </p>
              <div className="grid gap-2 sm:grid-cols-2" data-testid="webhook-events">
                {WEBHOOK_EVENTS.map((event) => (
                  <Label key={event} className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={field.value.includes(event)}
                      onCheckedChange={(on) =>
                        field.onChange(on ? [...field.value, event] : field.value.filter((e) => e !== event))
                      }
                      onBlur={field.onBlur}
                      aria-invalid={form.formState.errors.events ? true : undefined}
                      data-testid={`event-${event}`}
                    />
                    <span>{text.event(event)}</span>
                    <code className="text-muted-foreground text-xs">{event}</code>
                  </Label>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <FieldFrame<Values> name="projectId" id="webhookProject" label={t("project")} description={t("projectHint")}>
          {(field) => (
            <FormControl>
              <NativeSelect {...field} value={field.value ?? ""} onChange={(e) => field.onChange(e.target.value)}>
                <option value="">{t("allProjects")}</option>
                {unknown && <option value={unknown}>{t("unknownProject", { id: unknown })}</option>}
                {extraction.length > 0 && (
                  <optgroup label={t("projectGroup")}>
                    {extraction.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                )}
                {learn.length > 0 && (
                  <optgroup label={t("learnProjectGroup")}>
                    {learn.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </NativeSelect>
            </FormControl>
          )}
        </FieldFrame>
        <TextareaField<Values> name="description" id="webhookDescription" label={t("description")} rows={2} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="webhook-save">
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {editing ? t("save") : t("create")}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
