import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Caller } from "@/lib/auth/caller";
import { isSupersystemName } from "@/lib/auth/permissions";
import { visibleRoles } from "@/lib/auth/roles";
import type { ApiKeyDto } from "@/lib/users/api-keys";
import { AccountApiKeys } from "./account-api-keys";
import { AccountEmail } from "./account-email";
import { AccountPassword } from "./account-password";
import { LanguageChooser } from "./language-chooser";
import { PageHeader } from "./page-header";

type Props = {
  caller: Caller;
  /** the caller's stored e-mail address and type */
  user: { emailAddress: string | null; type: string } | undefined;
  /** spec foundation §4: with e-mail confirmation active, a password change goes by mail */
  emailConfirmation: boolean;
  stationId: string;
  /** issue 26 §3: the caller's API keys */
  apiKeys: ApiKeyDto[];
};

/** spec foundation §2 "Account": user name, translated roles, language chooser. */
export async function Account({ caller, user, emailConfirmation, stationId, apiKeys }: Props) {
  const [t, tg] = await Promise.all([getTranslations("account"), getTranslations("general")]);
  const email = user?.emailAddress ?? null;
  const csb = user?.type === "CSB";
  const obfuscate = !isSupersystemName(caller.systemName);
  const roles = visibleRoles(caller.roles)
    .map((r) => tg(`general_enum_role_${r}`))
    .join(", ");
  return (
    <>
      <PageHeader title={t("title")} />
      <div className="grid max-w-3xl gap-4">
        <Card>
          <CardContent>
            <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm [&_dd]:wrap-anywhere">
              <dt className="text-muted-foreground">{t("userName")}</dt>
              <dd data-testid="account-user">{caller.userName}</dd>
              <dt className="text-muted-foreground">{t("fullName")}</dt>
              <dd>{caller.fullName || "—"}</dd>
              <dt className="text-muted-foreground">{t("system")}</dt>
              <dd>{caller.systemName}</dd>
              <dt className="text-muted-foreground">{t("roles")}</dt>
              <dd data-testid="account-roles">{roles}</dd>
              <dt className="self-center text-muted-foreground">
                <label htmlFor="language">{t("language")}</label>
              </dt>
              <dd>
                <LanguageChooser />
              </dd>
            </dl>
          </CardContent>
        </Card>
        {csb ? (
          <Card>
            <CardContent className="text-sm text-muted-foreground">{t("csbNoPassword")}</CardContent>
          </Card>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{t("passwordTitle")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <AccountPassword
                  byMail={emailConfirmation && !!email}
                  stationId={stationId}
                  systemName={caller.systemName}
                  obfuscate={obfuscate}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{t("emailTitle")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <AccountEmail current={email} stationId={stationId} systemName={caller.systemName} obfuscate={obfuscate} />
              </CardContent>
            </Card>
          </>
        )}
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("apiKeysTitle")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AccountApiKeys keys={apiKeys} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
