import { useState } from "react";

/**
 * When a search form starts again from the URL (the audit trail's, the job monitor's filters): on a real navigation
 * (back, forward, a link with other filters, the pager's page size) it takes the URL's values; its own search keeps it
 * as it is, so what the user typed or chose while that search loaded stays. The form's React key is `key`; `search`
 * is the search the page shows, `sent` the one the form asked for and is still waiting for. Each form compares
 * searches as its page reads them from the URL (components/audit/form-mount.ts, components/jobs/job-query.ts).
 */
export type FormMount = { search: string; key: number; sent: string | null };

export function firstMount(search: string): FormMount {
  return { search, key: 0, sent: null };
}

/** The form sends the search that will arrive as `search` (router.push of its own). */
export function sendSearch(mount: FormMount, search: string): FormMount {
  return { ...mount, sent: search };
}

/** The page shows `search` now: the same mount when nothing changed or the form's own search arrived, else a new key. */
export function followSearch(mount: FormMount, search: string): FormMount {
  if (search === mount.search) return mount;
  return { search, key: search === mount.sent ? mount.key : mount.key + 1, sent: null };
}

/**
 * The form's React key for the search the page shows now, and `send` for the search the form pushes itself (as the
 * page will read it back).
 */
export function useFormMount(shown: string): { key: number; send: (arriving: string) => void } {
  const [mount, setMount] = useState(() => firstMount(shown));
  const followed = followSearch(mount, shown);
  if (followed !== mount) setMount(followed);
  return { key: followed.key, send: (arriving) => setMount((m) => sendSearch(m, arriving)) };
}
