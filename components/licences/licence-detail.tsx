import Link from "next/link";
import { getTimeZone, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TruncatedText } from "@/components/ui/truncated-text";
import { formatDate, formatDateTime, isIsoDateTime } from "@/lib/i18n/dates";
import type { LicenceTreeNode } from "@/lib/licences/queries";
import type { LicenceDto } from "@/lib/licences/schemas";
import { AlertBadges } from "./alert-badges";

type Named = { id: string; name: string };

type Props = {
  licence: LicenceDto;
  /** the child tree of a virtual licence */
  tree: LicenceTreeNode[];
  systemsUsing: Named[];
  parents: Named[];
  links: boolean;
};

const link = "text-primary underline underline-offset-4";

/** The child tree of a virtual licence, in order (primary first), nested for virtual children. */
function ChildTree({ nodes, links, depth }: { nodes: LicenceTreeNode[]; links: boolean; depth: number }) {
  return (
    <ol className={depth ? "mt-1 ml-5 list-decimal space-y-1" : "list-decimal space-y-1 pl-5"}>
      {nodes.map((c) =>
        c.name !== undefined ? (
          <li key={c.id} className="wrap-anywhere">
            {links ? (
              <Link className={link} href={`/admin/licence/${encodeURIComponent(c.id)}`}>
                {c.name}
              </Link>
            ) : (
              c.name
            )}{" "}
            <span className="text-xs text-muted-foreground">({c.id})</span>
            {c.children.length > 0 && <ChildTree nodes={c.children} links={links} depth={depth + 1} />}
          </li>
        ) : (
          <li key={c.id}>{c.id}</li>
        ),
      )}
    </ol>
  );
}

/** spec foundation §2 licence detail: info, status with alerts, child tree, systems, parents, features. */
export async function LicenceDetail({ licence, tree, systemsUsing, parents, links }: Props) {
  const t = await getTranslations("licence");
  const timeZone = await getTimeZone();
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
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {info.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="min-w-0 wrap-anywhere">{v}</dd>
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
            {licence.childLicences.length ? <ChildTree nodes={tree} links={links} depth={0} /> : t("noChildren")}
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
                <li key={s.id} className="min-w-0 max-w-full">
                  <Badge variant="secondary" className="max-w-full">
                    <TruncatedText text={s.name} className="max-w-64" />
                  </Badge>
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
                <li key={p.id} className="wrap-anywhere">
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
