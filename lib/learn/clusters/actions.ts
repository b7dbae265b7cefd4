"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { heartbeatLearnCluster } from "../services/heartbeat-learn-cluster";
import { lockLearnCluster } from "../services/lock-learn-cluster";
import { mergeLearnClusters } from "../services/merge-learn-clusters";
import { moveLearnDocuments } from "../services/move-learn-documents";
import { releaseMyLearnLocks } from "../services/release-my-learn-locks";
import { splitLearnCluster } from "../services/split-learn-cluster";
import { unlockLearnCluster } from "../services/unlock-learn-cluster";
import { updateLearnCluster } from "../services/update-learn-cluster";
import { documentForCaller } from "./queries";
import { ZLearnClusterForm } from "./schemas";

// the learn portal's cluster page (docs/decisions.md "Learn clusters")
const ZClusterRef = z.object({ projectId: z.uuid({ error: "InvalidId" }), clusterId: z.uuid({ error: "InvalidId" }) });
const ZDocumentIds = z.object({ documentIds: z.array(z.number().int().positive()).min(1) });

export const updateLearnClusterAction = authAction(
  ZLearnClusterForm.extend(ZClusterRef.shape),
  ({ projectId, clusterId, ...input }, { db, caller }) => updateLearnCluster(db, { caller, projectId, clusterId, input }),
);

export const mergeLearnClustersAction = authAction(
  z.object({ projectId: z.uuid({ error: "InvalidId" }), ids: z.array(z.uuid({ error: "InvalidId" })) }),
  ({ projectId, ids }, { db, caller }) => mergeLearnClusters(db, { caller, projectId, input: { ids } }),
);

export const splitLearnClusterAction = authAction(
  ZClusterRef.extend(ZDocumentIds.shape),
  ({ projectId, clusterId, documentIds }, { db, caller }) =>
    splitLearnCluster(db, { caller, projectId, clusterId, input: { documentIds } }),
);

export const moveLearnDocumentsAction = authAction(
  ZClusterRef.extend(ZDocumentIds.shape).extend({ to: z.uuid({ error: "InvalidId" }) }),
  ({ projectId, clusterId, documentIds, to }, { db, caller }) =>
    moveLearnDocuments(db, { caller, projectId, clusterId, input: { documentIds, to } }),
);

export const lockLearnClusterAction = authAction(ZClusterRef, ({ projectId, clusterId }, { db, caller }) =>
  lockLearnCluster(db, { caller, projectId, clusterId }),
);

export const unlockLearnClusterAction = authAction(ZClusterRef, ({ projectId, clusterId }, { db, caller }) =>
  unlockLearnCluster(db, { caller, projectId, clusterId }),
);

/** The open cluster page's heartbeat: the caller's lock does not lapse while the page is open. */
export const heartbeatLearnClusterAction = authAction(ZClusterRef, ({ projectId, clusterId }, { db, caller }) =>
  heartbeatLearnCluster(db, { caller, projectId, clusterId }),
);

/** The overview's "release my locks": every lock the caller holds in the project (a tab that died kept one). */
export const releaseMyLearnLocksAction = authAction(
  z.object({ projectId: z.uuid({ error: "InvalidId" }) }),
  ({ projectId }, { db, caller }) => releaseMyLearnLocks(db, { caller, projectId }),
);

/** The text of one document, read when the cluster page opens it. */
export const readLearnDocumentAction = authAction(
  z.object({ projectId: z.uuid({ error: "InvalidId" }), documentId: z.number().int().positive() }),
  ({ projectId, documentId }, { db, caller }) => documentForCaller(db, { caller, projectId, documentId }),
);
