"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { exportLearnClusters, previewLearnExport } from "../services/export-learn-clusters";
import { requestLearnRun } from "../services/request-learn-run";
import { learnRunForCaller } from "./queries";
import { ZLearnExport, ZLearnRunRequest } from "./schemas";

// The server actions of the learn runs' controls (components/learn/learn-run-control.tsx, learn-export-control.tsx).

const ZProjectRef = z.object({ projectId: z.uuid({ error: "InvalidId" }) });

/** "Learn now": asks for a run (trigger Manual); answers it, or the run that waits or runs already. */
export const requestLearnRunAction = authAction(
  ZLearnRunRequest.extend(ZProjectRef.shape),
  ({ projectId, onlyChanged }, { db, caller }) => requestLearnRun(db, { caller, projectId, trigger: "Manual", onlyChanged }),
);

/** One run with its progress, read every few seconds while it waits or runs. */
export const learnRunAction = authAction(
  ZProjectRef.extend({ runId: z.number().int().positive() }),
  ({ projectId, runId }, { db, caller }) => learnRunForCaller(db, { caller, projectId, runId }),
);

/** The export of the complete named clusters into an extraction project (`projectId`) of the learn project `id`. */
export const exportLearnClustersAction = authAction(
  ZLearnExport.extend({ id: z.uuid({ error: "InvalidId" }) }),
  ({ id, projectId }, { db, caller }) => exportLearnClusters(db, { caller, id, input: { projectId } }),
);

/** What the export into `projectId` would change, shown before the user says yes. */
export const previewLearnExportAction = authAction(
  ZLearnExport.extend({ id: z.uuid({ error: "InvalidId" }) }),
  ({ id, projectId }, { db, caller }) => previewLearnExport(db, { caller, id, input: { projectId } }),
);
