import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import type { UserType } from "@/db/schema/users";
import { isSupersystemName } from "@/lib/auth/permissions";
import { DEFAULT_ROLE } from "@/lib/auth/roles";
import { grantableRoles } from "@/lib/users/access";
import type { UserDto } from "@/lib/users/schemas";
import { UserForm } from "./user-form";

type Props = {
  system: { id: string; name: string };
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
        roles={grantableRoles(system).filter((r) => r !== DEFAULT_ROLE)}
        types={types}
        user={user}
        stationId={stationId}
        obfuscate={!superSystem}
      />
    </>
  );
}
