import { getTranslations } from "next-intl/server";
import { Pager } from "@/components/shell/pager";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PRODUCT } from "@/lib/about/product";
import type { ExternalModule } from "@/lib/about/schemas";
import { clampPage, type Paging } from "@/lib/paging";
import { PageHeader } from "./page-header";

/** spec foundation §2 "About": product, version, revision, company, copyright, external modules. */
export async function About({ modules: all, paging }: { modules: ExternalModule[]; paging: Paging }) {
  const t = await getTranslations("about");
  const page = clampPage(paging.page, all.length, paging.pageSize);
  const modules = all.slice(page * paging.pageSize, (page + 1) * paging.pageSize);
  const link = "text-primary underline underline-offset-4 hover:decoration-2";
  return (
    <>
      <PageHeader title={t("title")} />
      <Card className="mb-6 max-w-3xl">
        <CardContent>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t("product")}</dt>
            <dd>{PRODUCT.longName}</dd>
            <dt className="text-muted-foreground">{t("version")}</dt>
            <dd data-testid="about-version">{PRODUCT.version}</dd>
            <dt className="text-muted-foreground">{t("revision")}</dt>
            <dd>{PRODUCT.revision}</dd>
            <dt className="text-muted-foreground">{t("company")}</dt>
            <dd>{PRODUCT.company}</dd>
            <dt className="text-muted-foreground">{t("copyright")}</dt>
            <dd>
              <a className={link} href={PRODUCT.copyrightUrl}>
                {PRODUCT.copyright}
              </a>
            </dd>
          </dl>
        </CardContent>
      </Card>
      <h2 className="mb-3 text-lg font-semibold">{t("modules")}</h2>
      {modules.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("noModules")}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table data-testid="modules">
            <TableHeader>
              <TableRow>
                <TableHead>{t("moduleName")}</TableHead>
                <TableHead>{t("moduleVersion")}</TableHead>
                <TableHead>{t("moduleLicense")}</TableHead>
                <TableHead>{t("moduleCopyright")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {modules.map((m) => (
                <TableRow key={m.name}>
                  <TableCell>
                    {m.url ? (
                      <a className={link} href={m.url} rel="noreferrer" target="_blank">
                        {m.name}
                      </a>
                    ) : (
                      m.name
                    )}
                  </TableCell>
                  <TableCell>{m.version}</TableCell>
                  <TableCell>
                    {m.licenseurl ? (
                      <a className={link} href={m.licenseurl} rel="noreferrer" target="_blank">
                        {m.license}
                      </a>
                    ) : (
                      m.license
                    )}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{m.copyright}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pager page={page} pageSize={paging.pageSize} total={all.length} />
    </>
  );
}
