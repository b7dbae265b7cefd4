/** Where the downloads live below DATA_DIR/files (DESIGN.md "Downloads"): one zip per download, named by its id. */
export const DOWNLOADS_DIR = "downloads";
/** Archives being written; a file here whose writer died is removed by DownloadCleaner after STALE_TEMP_MS. */
export const DOWNLOADS_TEMP_DIR = `${DOWNLOADS_DIR}/tmp`;
/** A temporary archive file not written to for this long belongs to a run that died. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

export function downloadFilePath(id: string): string {
  return `${DOWNLOADS_DIR}/${id}.zip`;
}

export function downloadTempPath(id: string, suffix: "zip" | "entry"): string {
  return `${DOWNLOADS_TEMP_DIR}/${id}.${suffix}.part`;
}
