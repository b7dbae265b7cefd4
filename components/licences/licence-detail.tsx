import Link from "next/link";
import { getTimeZone, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Database } from "@/db/client";
import { formatDate, formatDateTime, isIsoDateTime } from "@/lib/i18n/dates";
import { getLicence, licenceParents, systemsUsingLicence } from "@/lib/licences/queries";
import type { LicenceDto } from "@/lib/licences/schemas";
import { AlertBadges } from "./alert-badges";

type Props = { db: Database; licence: LicenceDto; links: boolean };

const link = "text-primary underline underline-offset-4";

/** The child tree of a virtual licence, in order (primary first), nested for virtual children. */
async function ChildTree({ db, ids, links, depth }: { db: Database; ids: string[]; links: boolean; depth: number }) {
  const children = await Promise.all(ids.map((id) => getLicence(db, { id })));
  return (
    <ol className={depth ? "mt-1 ml-5 list-decimal space-y-1" : "list-decimal space-y-1 pl-5"}>
      {children.map((c, i) =>
        c ? (
          <li key={c.id}>
            {links ? (
              <Link className={link} href={`/admin/licence/${encodeURIComponent(c.id)}`}>
                {c.name}
              </Link>
            ) : (
              c.name
            )}{" "}
            <span className="text-xs text-muted-foreground">({c.id})</span>
            {c.isVirtual && depth < 5 && <ChildTree db={db} ids={c.childLicences} links={links} depth={depth + 1} />}
          </li>
        ) : (
          <li key={ids[i]}>{ids[i]}</li>
        ),
      )}
    </ol>
  );
}

/** spec foundation §2 licence detail: info, status with alerts, child tree, systems, parents, features. */
export async function LicenceDetail({ db, licence, links }: Props) {
  const t = await getTranslations("licence");
  const timeZone = await getTimeZone();
  const [systemsUsing, parents] = await Promise.all([
    systemsUsingLicence(db, { id: licence.id }),
    licenceParents(db, { id: licence.id }),
  ]);
  const info: [string, string][] = [
    [t("id"), licence.id],
    [t("name"), licence.name],
    [t("type"), t(`source_${licence.source}`)],
    [t("customer"), licence.customer || "—"],
    [t("expiration"), formatDate(licence.expiration, timeZone)],
    [t("station"), licence.station || "—"],
    [
      t("issued"),
      isIsoDateTime(licence.issued) ? formatDateTime(licence.issued, timeZone) : formatDate(licence.issued, timeZone),
    ],
    ...(licence.source === "csb"
      ? ([
          [t("csbUrl"), licence.csbUrl ?? "—"],
          [t("csbSystem"), licence.csbCustomer ?? "—"],
          [t("refreshedAt"), formatDateTime(licence.refreshedAt, timeZone)],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="licence-detail">
      <Card>
        <CardContent>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            {info.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("status")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <AlertBadges alerts={licence.alerts} />
        </CardContent>
      </Card>
      {licence.isVirtual && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("childTree")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm" data-testid="child-tree">
            {licence.childLicences.length ? (
              <ChildTree db={db} ids={licence.childLicences} links={links} depth={0} />
            ) : (
              t("noChildren")
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("systemsUsing")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {systemsUsing.length ? (
            <ul className="flex flex-wrap gap-2">
              {systemsUsing.map((s) => (
                <li key={s.id}>
                  <Badge variant="secondary">{s.name}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            t("noSystems")
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("parents")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {parents.length ? (
            <ul className="space-y-1">
              {parents.map((p) => (
                <li key={p.id}>
                  {links ? (
                    <Link className={link} href={`/admin/licence/${encodeURIComponent(p.id)}`}>
                      {p.name}
                    </Link>
                  ) : (
                    p.name
                  )}
                </li>
              ))}
            </ul>
          ) : (
            t("noParents")
          )}
        </CardContent>
      </Card>
      {!licence.isVirtual && (
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>{t("features")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <div className="overflow-x-auto rounded-md border">
              <Table data-testid="feature-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("feature")}</TableHead>
                    <TableHead>{t("status")}</TableHead>
                    <TableHead>{t("limit")}</TableHead>
                    <TableHead>{t("usage")}</TableHead>
                    <TableHead>{t("expiration")}</TableHead>
                    <TableHead>{t("available")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {licence.features.map((f) => (
                    <TableRow key={f.id}>
                      <TableCell className="font-medium">{f.id}</TableCell>
                      <TableCell>{t(`status_${f.status}`)}</TableCell>
                      <TableCell>{f.status === "Unlimited" ? t("unlimited") : (f.limit ?? "—")}</TableCell>
                      <TableCell>{f.usage}</TableCell>
                      <TableCell>{formatDate(f.expiration, timeZone)}</TableCell>
                      <TableCell>
                        <Badge variant={f.isAvailable ? "success" : "destructive"}>{f.isAvailable ? t("yes") : t("no")}</Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
