import { spawn } from "node:child_process";
import path from "node:path";
import { type ClusterInput, type ClusterResult, clusterDocuments, fitModel, type LearnModel } from "@/lib/learn/engine";

export type ComputeRequest = { op: "fit"; texts: string[] } | { op: "cluster"; input: ClusterInput };

let isolated = false;

/**
 * Where the learn engine's long steps run (fitting the model, clustering): in this process (a worker process of its
 * own, `npm run worker`, and the tests), or, in the Next server of the embedded default, in a child process, so that
 * the server keeps answering while a run over thousands of documents computes for seconds. The steps are pure: the
 * child answers exactly what this process would (tests/integration/learn-compute.test.ts).
 */
export function isolateLearnCompute(on: boolean): void {
  isolated = on;
}

export function fitModelFor(texts: string[]): Promise<LearnModel> {
  return isolated ? inChild<LearnModel>({ op: "fit", texts }) : Promise.resolve(fitModel(texts));
}

export function clusterFor(input: ClusterInput): Promise<ClusterResult> {
  return isolated ? inChild<ClusterResult>({ op: "cluster", input }) : Promise.resolve(clusterDocuments(input));
}

/** The file the child runs: beside this one in the sources (the Next server's bundle has no such file of its own). */
export function computeChildPath(): string {
  return path.join(process.cwd(), "workers", "learn", "compute-child.ts");
}

/** One step in a fresh child (node with tsx, as `npm run worker`); typed arrays pass whole (advanced serialisation). */
export function inChild<T>(request: ComputeRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // spawn, not fork: the bundler of the Next server takes fork's first argument for a module of its own to bundle
    const child = spawn(process.execPath, ["--import", "tsx", computeChildPath()], {
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let answered = false;
    child.once("message", (reply: { result?: T; error?: string }) => {
      answered = true;
      if (reply.error !== undefined) reject(new Error(`learn engine: ${reply.error}`));
      else resolve(reply.result as T);
    });
    child.once("error", (error) => {
      if (!answered) reject(error);
    });
    child.once("exit", (code, signal) => {
      if (!answered) reject(new Error(`learn engine process ended without an answer (code ${code}, signal ${signal})`));
    });
    child.send(request);
  });
}
