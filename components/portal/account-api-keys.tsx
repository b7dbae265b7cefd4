"use client";

import { KeyRoundIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { useDates } from "@/components/i18n/use-dates";
import { ConfirmButton } from "@/components/jobs/confirm-button";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { createOwnApiKeyAction, revokeOwnApiKeyAction } from "@/lib/account/actions";
import { type ApiKeyDto, type NewApiKeyDto, ZApiKeyInput } from "@/lib/users/api-keys";
import { CopyButton } from "./copy-button";

type Values = z.input<typeof ZApiKeyInput>;

/**
 * Issue 26 §3: one's own API keys on the account page: the list (name, the key's first characters, created, last
 * used, expires), a form that makes one (a name, an optional last day) and shows the key once with a copy button,
 * and a revoke button with a yes/no question.
 */
export function AccountApiKeys({ keys }: { keys: ApiKeyDto[] }) {
  const t = useTranslations("account");
  const { dateTime, date } = useDates();
  const router = useRouter();
  const { notify } = useStatus();
  const [made, setMade] = useState<NewApiKeyDto | null>(null);
  const { form, pending, submit, run, formErrors } = useActionForm<Values, z.output<typeof ZApiKeyInput>>({
    schema: ZApiKeyInput,
    defaultValues: { name: "", expires: "" },
    codes: { ApiKeyExpiryPast: "expires" },
  });

  const onSubmit = submit(
    (v) => createOwnApiKeyAction({ name: v.name, expires: v.expires || null }),
    (key: NewApiKeyDto) => {
      setMade(key);
      form.reset();
      router.refresh();
    },
  );
  const revoke = (key: ApiKeyDto) =>
    run(
      () => revokeOwnApiKeyAction({ keyId: key.id }),
      () => {
        notify("success", t("apiKeyRevoked", { name: key.name }));
        if (made?.id === key.id) setMade(null);
        router.refresh();
      },
    );

  return (
    <div className="grid gap-4" data-testid="account-api-keys">
      <p className="text-muted-foreground text-sm">{t("apiKeysIntro")}</p>
      {made && (
        <div className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid="api-key-made" role="status">
          <p className="font-medium text-sm">{t("apiKeyMade", { name: made.name })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-xs" data-testid="api-key-value">
              {made.key}
            </code>
            <CopyButton value={made.key} />
          </div>
          <p className="text-muted-foreground text-xs">{t("apiKeyOnce")}</p>
        </div>
      )}
      {keys.length === 0 ? (
        <p className="text-muted-foreground text-sm" data-testid="api-keys-empty">
          {t("apiKeysEmpty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table data-testid="api-keys-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t("apiKeyName")}</TableHead>
                <TableHead>{t("apiKeyPrefix")}</TableHead>
                <TableHead>{t("apiKeyCreated")}</TableHead>
                <TableHead>{t("apiKeyLastUsed")}</TableHead>
                <TableHead>{t("apiKeyExpires")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("apiKeyActions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id} data-testid="api-key-row">
                  <TableCell className="font-medium">{key.name}</TableCell>
                  <TableCell className="whitespace-nowrap font-mono text-xs">{key.prefix}…</TableCell>
                  <TableCell>{date(key.created)}</TableCell>
                  <TableCell>{key.lastUsed ? dateTime(key.lastUsed) : t("apiKeyNeverUsed")}</TableCell>
                  <TableCell>{key.expires ? date(key.expires) : t("apiKeyNoExpiry")}</TableCell>
                  <TableCell className="text-right">
                    <ConfirmButton
                      label={t("apiKeyRevoke")}
                      icon={Trash2Icon}
                      title={t("apiKeyRevokeTitle", { name: key.name })}
                      description={t("apiKeyRevokeText")}
                      onConfirm={() => revoke(key)}
                      disabled={pending}
                      destructive
                      size="sm"
                      testId="api-key-revoke"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Form {...form}>
        <form method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="api-key-form">
          <FormError errors={formErrors} wrap={(error) => t("account_error_apiKey", { error })} />
          <TextField<Values> name="name" id="apiKeyName" label={t("apiKeyName")} autoComplete="off" />
          <TextField<Values>
            name="expires"
            id="apiKeyExpires"
            label={t("apiKeyExpiresOptional")}
            type="date"
            description={t("apiKeyExpiresHint")}
          />
          <div>
            <Button type="submit" disabled={pending} data-testid="api-key-create">
              {pending ? <KeyRoundIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
              {t("apiKeyCreate")}
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}
