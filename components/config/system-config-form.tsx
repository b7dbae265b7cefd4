"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { ConfirmButton } from "@/components/jobs/confirm-button";
import { useStatus } from "@/components/shell/status-bar";
import { Card, CardContent } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { updateSystemConfigAction } from "@/lib/systems/actions";
import { URL_MAX } from "@/lib/systems/schemas";

const schema = z.object({ ccsApiKey: z.string().trim().max(URL_MAX) });
type Values = z.infer<typeof schema>;

/**
 * spec operations §2 "System configuration": the cognitive cloud API key as a password field with save. The stored
 * key is never sent to the page: the field starts empty and says whether a key is set; saving an empty field keeps
 * the key, "remove key" (with a yes/no question) clears it.
 */
export function SystemConfigForm({ systemId, keySet }: { systemId: string; keySet: boolean }) {
  const t = useTranslations("systemconfig");
  const router = useRouter();
  const { notify } = useStatus();
  const { form, pending, run, formErrors } = useActionForm<Values>({ schema, defaultValues: { ccsApiKey: "" } });

  const save = (ccsApiKey: string | undefined) =>
    run(
      () => updateSystemConfigAction({ systemId, ccsApiKey }),
      () => {
        form.reset({ ccsApiKey: "" });
        notify("success", ccsApiKey === "" ? t("cleared") : t("saved"));
        router.refresh();
      },
    );
  const onSubmit = form.handleSubmit((v) => save(v.ccsApiKey || undefined));

  return (
    <Form {...form}>
      <form method="post" onSubmit={onSubmit} noValidate data-testid="system-config-form">
        <Card className="max-w-xl">
          <CardContent className="grid gap-4">
            <FormError errors={formErrors} />
            <TextField<Values>
              name="ccsApiKey"
              label={t("ccsApiKey")}
              type="password"
              autoComplete="new-password"
              placeholder={keySet ? "••••••••" : ""}
              description={<span data-testid="ccs-key-state">{keySet ? t("keySet") : t("keyNotSet")}</span>}
            />
          </CardContent>
          <FormButtons pending={pending} submitTestId="save-system-config">
            {keySet && (
              <ConfirmButton
                label={t("clear")}
                icon={Trash2Icon}
                title={t("clear")}
                description={t("clearQuestion")}
                disabled={pending}
                destructive
                onConfirm={() => save("")}
                testId="clear-ccs-key"
              />
            )}
          </FormButtons>
        </Card>
      </form>
    </Form>
  );
}
