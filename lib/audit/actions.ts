"use server";

import { authAction } from "@/lib/actions/safe-action";
import { listAuditNames } from "./queries";
import { ZAuditSystemQuery } from "./schemas";

/**
 * The search form's project and user choices of the system chosen in it (spec operations §2: they follow the chosen
 * system), with the access of GET v3/audittrail/projects and users.
 */
export const auditChoicesAction = authAction(ZAuditSystemQuery, async ({ systemId }, { db, caller }) => {
  const [projects, users] = await Promise.all([
    listAuditNames(db, { caller, systemId, column: "project" }),
    listAuditNames(db, { caller, systemId, column: "username" }),
  ]);
  return { projects, users };
});
