"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import {
  CONFIG_TEST_SERVICES,
  ZFeatureFlagsPatch,
  ZLearnConfigPatch,
  ZLearnWorkerConfigPatch,
  ZServiceConfigPatch,
  ZWorkerConfigPatch,
} from "@/lib/settings/schemas";
import { testServiceConnection } from "./services/test-service-connection";
import { updateFeatureFlags } from "./services/update-feature-flags";
import { updateLearnConfig } from "./services/update-learn-config";
import { updateLearnWorkerConfig } from "./services/update-learn-worker-config";
import { updateServiceConfig } from "./services/update-service-config";
import { updateWorkerConfig } from "./services/update-worker-config";

export const updateServiceConfigAction = authAction(ZServiceConfigPatch, async (input, { db, caller }) => {
  await updateServiceConfig(db, { caller, input });
});

export const updateLearnConfigAction = authAction(ZLearnConfigPatch, async (input, { db, caller }) => {
  await updateLearnConfig(db, { caller, input });
});

export const updateFeatureFlagsAction = authAction(ZFeatureFlagsPatch, async (input, { db, caller }) => {
  await updateFeatureFlags(db, { caller, input });
});

export const updateWorkerConfigAction = authAction(ZWorkerConfigPatch, async (input, { db, caller }) => {
  await updateWorkerConfig(db, { caller, input });
});

export const updateLearnWorkerConfigAction = authAction(ZLearnWorkerConfigPatch, async (input, { db, caller }) => {
  await updateLearnWorkerConfig(db, { caller, input });
});

/** The test buttons of the configuration page: the form's unsaved values. */
export const testServiceAction = authAction(
  z.object({ service: z.enum(CONFIG_TEST_SERVICES), config: ZServiceConfigPatch }),
  async ({ service, config }, { db, caller }) => testServiceConnection(db, { caller, query: { service }, input: config }),
);
