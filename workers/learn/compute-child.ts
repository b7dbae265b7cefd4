// The learn engine's long steps in a process of their own (./compute.ts): one request, one answer, then it ends.
import { clusterDocuments, fitModel } from "@/lib/learn/engine";
import type { ComputeRequest } from "./compute";

process.once("message", (request: ComputeRequest) => {
  const send = (reply: { result?: unknown; error?: string }) => process.send?.(reply, () => process.exit(0));
  try {
    send({ result: request.op === "fit" ? fitModel(request.texts) : clusterDocuments(request.input) });
  } catch (error) {
    send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
