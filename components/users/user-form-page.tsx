import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import type { UserType } from "@/db/schema/users";
import type { Caller } from "@/lib/auth/caller";
import { isSupersystemName } from "@/lib/auth/permissions";
import { DEFAULT_ROLE, type Role } from "@/lib/auth/roles";
import { getStationId } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";
import { findSystemById } from "@/lib/systems/queries";
import { grantableRoles } from "@/lib/users/access";
import { getUserForCaller } from "@/lib/users/queries";
import { UserForm } from "./user-form";

type Props = { caller: Caller; system: { id: string; name: string }; base: string; userId?: string };

/** users/add and users/edit/{userId} of both portals. */
export async function UserFormPage({ caller, system, base, userId }: Props) {
  const t = await getTranslations("users");
  const db = await getDb();
  const user = userId ? await getUserForCaller(db, caller, { userId }).catch(() => undefined) : undefined;
  // one's own user is changed on the account page, and foreign or unknown users do not exist here
  if (userId && (!user || user.systemId !== system.id || user.id === caller.userId)) notFound();
  const superSystem = isSupersystemName(system.name);
  const types: UserType[] = superSystem ? ["Super", "Local"] : ["Local", "CSB", "DesignerTest"];
  const systemType = (await findSystemById(db, { id: system.id }))?.type;
  return (
    <>
      <PageHeader title={user ? t("editTitle", { name: user.name }) : t("addTitle")} />
      <UserForm
        systemName={system.name}
        base={base}
        roles={grantableRoles(system).filter((r): r is Role => r !== DEFAULT_ROLE)}
        types={types}
        user={user}
        stationId={await getStationId(db)}
        obfuscate={!superSystem}
        passwordOptional={systemType === "CSB"}
      />
    </>
  );
}
