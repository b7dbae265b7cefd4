import { type Loaded, loadOrErrors } from "@/components/portal/load";
import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { searchDownloads } from "@/lib/downloads/queries";
import { downloadTypeNumber, type ListedType, visibleTypes } from "@/lib/downloads/rules";
import type { DownloadPage } from "@/lib/downloads/schemas";
import { loadClampedPage, parsePaging } from "@/lib/paging";

export type DownloadsQuery = Record<string, string | string[] | undefined>;

export type DownloadsView =
  | { kind: "noAccess" }
  | {
      kind: "list";
      types: ListedType[];
      type: ListedType;
      page: number;
      pageSize: number;
      /** the page's downloads, or why they could not be read (spec §8 downloads_error_load) */
      loaded: Loaded<DownloadPage>;
    };

/**
 * What a downloads page shows (spec operations §2 "Downloads"): the tabs of the types the caller may see (the admin
 * portal's permissions there, a system's in a system portal), the tab of the `type` query (else the first), and its
 * page of downloads; with none of the tabs' permissions the no-access text.
 */
export async function loadDownloadsView(
  db: Database,
  opts: { caller: Caller; scope: "admin" | "system"; systemId?: string; query: DownloadsQuery },
): Promise<DownloadsView> {
  const types = visibleTypes(opts.caller.roles, opts.scope);
  const [first] = types;
  if (!first) return { kind: "noAccess" };
  const asked = opts.query.type;
  const type = types.find((t) => t === asked) ?? first;
  const paging = parsePaging(opts.query);
  const read = (page: number) =>
    searchDownloads(db, {
      caller: opts.caller,
      search: { systemId: opts.systemId, type: downloadTypeNumber(type), page, pageSize: paging.pageSize },
    });
  const loaded = await loadOrErrors(() => loadClampedPage(paging, read), { what: "downloads page" });
  if ("errors" in loaded) return { kind: "list", types, type, page: paging.page, pageSize: paging.pageSize, loaded };
  const { page, result } = loaded.value;
  return { kind: "list", types, type, page, pageSize: paging.pageSize, loaded: { value: result } };
}
