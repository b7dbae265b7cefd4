"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { requestOrigin } from "@/lib/settings/request-origin";
import { deleteUser } from "@/lib/users/services/delete-user";
import { registerUser } from "@/lib/users/services/register-user";
import { sendResetLink } from "@/lib/users/services/send-reset-link";
import { updateUser } from "@/lib/users/services/update-user";
import { ZEditUser, ZNewUser } from "./schemas";

// The users pages of both portals: the caller acts in the system of the page (a deputy in another one).
const inSystem = { inSystem: (input: { systemName: string }) => input.systemName };
const ZUserRef = z.object({ systemName: z.string().min(1), userId: z.uuid({ error: "InvalidId" }) });

export const createUserAction = authAction(
  ZNewUser,
  async (input, { db, caller }) => ({ id: (await registerUser(db, { caller, input })).id }),
  inSystem,
);

export const updateUserAction = authAction(
  ZEditUser.extend({ systemName: z.string().min(1) }),
  async ({ systemName, ...input }, { db, caller }) => {
    await updateUser(db, { caller, input });
  },
  inSystem,
);

export const deleteUserAction = authAction(
  ZUserRef,
  async ({ userId }, { db, caller }) => {
    await deleteUser(db, { caller, userId });
  },
  inSystem,
);

export const sendResetLinkAction = authAction(
  ZUserRef,
  async ({ userId }, { db, caller }) => {
    await sendResetLink(db, { caller, userId, origin: await requestOrigin() });
  },
  inSystem,
);
