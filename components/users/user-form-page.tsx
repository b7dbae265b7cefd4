import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import type { UserType } from "@/db/schema/users";
import { isSupersystemName } from "@/lib/auth/permissions";
import { DEFAULT_ROLE, type Role } from "@/lib/auth/roles";
import { grantableRoles } from "@/lib/users/access";
import type { UserDto } from "@/lib/users/schemas";
import { UserForm } from "./user-form";

type Props = {
  /** the system the user belongs to; a CSB system's users may go without a password (spec foundation §5) */
  system: { id: string; name: string; type?: string };
  base: string;
  /** the user to edit; none adds one */
  user?: UserDto;
  stationId: string;
};

/** users/add and users/edit/{userId} of both portals. */
export async function UserFormPage({ system, base, user, stationId }: Props) {
  const t = await getTranslations("users");
  const superSystem = isSupersystemName(system.name);
  const types: UserType[] = superSystem ? ["Super", "Local"] : ["Local", "CSB", "DesignerTest"];
  return (
    <>
      <PageHeader title={user ? t("editTitle", { name: user.name }) : t("addTitle")} />
      <UserForm
        systemName={system.name}
        base={base}
        roles={grantableRoles(system).filter((r): r is Role => r !== DEFAULT_ROLE)}
        types={types}
        user={user}
        stationId={stationId}
        obfuscate={!superSystem}
        passwordOptional={system.type === "CSB"}
      />
    </>
  );
}
