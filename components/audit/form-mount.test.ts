import { describe, expect, it } from "vitest";
import { firstMount, followSearch, sendSearch } from "@/components/shell/form-mount";
import { auditSearchQuery, EMPTY_AUDIT_FILTERS, readAuditFilters } from "./audit-query";
import { arrivingSearchOf, formSearchOf } from "./form-mount";

/** the search the page shows for a URL query (what the page reads from it) */
const shown = (query: string) =>
  formSearchOf(
    readAuditFilters(Object.fromEntries(new URLSearchParams(query))),
    Number(new URLSearchParams(query).get("pageSize") ?? 25),
  );
const A = shown("value=a&pageSize=25&page=0");
const B = shown("value=b&pageSize=25&page=0");

describe("when the audit trail's search form starts again from the URL", () => {
  it("a search the form pushes is compared as the page will read it back", () => {
    const draft = { ...EMPTY_AUDIT_FILTERS, value: " b ", categories: ["Project" as const, "User" as const] };
    const pushed = auditSearchQuery(draft, 10);
    const page = readAuditFilters({ value: "b", "categories[]": ["Project", "User"] });
    expect(arrivingSearchOf(pushed, 10)).toBe(formSearchOf(page, 10));
    expect(arrivingSearchOf(auditSearchQuery({ ...EMPTY_AUDIT_FILTERS, value: "b" }, 25), 25)).toBe(B);
  });

  it("leaves the page out: the pager turning pages leaves the form as it is", () => {
    expect(shown("value=a&pageSize=25&page=3")).toBe(A);
    const mount = firstMount(A);
    expect(followSearch(mount, shown("value=a&pageSize=25&page=1"))).toBe(mount);
  });

  it("keeps the form when its own search arrives, so edits made while it loaded stay", () => {
    const sent = sendSearch(firstMount(A), B);
    expect(followSearch(sent, B)).toEqual({ search: B, key: 0, sent: null });
  });

  it("starts it again on a real navigation: back to the earlier search, a link with other filters, another page size", () => {
    const arrived = followSearch(sendSearch(firstMount(A), B), B);
    const back = followSearch(arrived, A);
    expect(back.key).toBe(1);
    const link = followSearch(back, shown("categories[]=User"));
    expect(link.key).toBe(2);
    expect(followSearch(link, shown("categories[]=User&pageSize=10")).key).toBe(3);
  });

  it("a navigation elsewhere while the form's own search loads starts it again too", () => {
    const other = shown("value=c&pageSize=10&page=0");
    expect(followSearch(sendSearch(firstMount(A), B), other)).toEqual({ search: other, key: 1, sent: null });
  });

  it("a search the form sent again unchanged does not keep it from starting again later", () => {
    // the page stays at A: nothing arrives, and the next change is another search than the one sent
    const again = followSearch(sendSearch(firstMount(A), A), A);
    expect(followSearch(again, B).key).toBe(1);
  });
});
