import { systemUsersContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { systemForCaller } from "@/lib/auth/tenancy";
import { PAGE_SIZES } from "@/lib/paging";
import { managesUsersOf } from "@/lib/users/access";
import { listUsers } from "@/lib/users/queries";

const ALL = PAGE_SIZES[PAGE_SIZES.length - 1] ?? 100;

export const GET = route(systemUsersContract, async ({ db, caller, params }) => {
  const system = await systemForCaller(db, caller, { id: params.id }, { may: (s) => managesUsersOf(caller, s) });
  const items = [];
  for (let page = 0; ; page++) {
    const chunk = await listUsers(db, caller, { system, page, pageSize: ALL });
    items.push(...chunk.items);
    if (items.length >= chunk.totalCount || chunk.items.length === 0) break;
  }
  return items;
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
