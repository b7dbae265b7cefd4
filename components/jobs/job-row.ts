import type { JobDto } from "@/lib/jobs/schemas";

/**
 * What a row of the job monitor shows and decides its actions by. The page hands the client these, not whole jobs:
 * the files and properties of 25 jobs would travel in every page's payload for nothing.
 */
export type JobRow = Pick<
  JobDto,
  | "id"
  | "project"
  | "state"
  | "errorCode"
  | "errorMessage"
  | "errorParams"
  | "client"
  | "clientInfo"
  | "preventDelete"
  | "created"
  | "started"
  | "finished"
  | "deleted"
>;

export function toJobRow(job: JobDto): JobRow {
  const { id, project, state, errorCode, errorMessage, errorParams, client, clientInfo, preventDelete } = job;
  const { created, started, finished, deleted } = job;
  return {
    id,
    project,
    state,
    errorCode,
    errorMessage,
    errorParams,
    client,
    clientInfo,
    preventDelete,
    created,
    started,
    finished,
    deleted,
  };
}
