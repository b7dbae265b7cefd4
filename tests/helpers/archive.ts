import { unzipSync } from "fflate";
import { readStoredFile } from "@/lib/files/store";

/** RFC 4180 as lib/csv.ts writes it: comma, CRLF between records, quotes doubled inside quoted fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || record.length) throw new Error("CSV does not end with CRLF");
  return records;
}

export type ArchiveEntryContent = { header: string[]; csv: string[][]; json: Record<string, unknown>[] };

/**
 * A download's zip opened with fflate: per entry name (without extension) its CSV (the byte order mark checked and
 * removed, the header apart) and its JSON.
 */
export async function readArchive(path: string): Promise<Record<string, ArchiveEntryContent>> {
  const files = unzipSync(new Uint8Array(await readStoredFile(path)));
  const out: Record<string, ArchiveEntryContent> = {};
  for (const name of Object.keys(files).filter((n) => n.endsWith(".csv"))) {
    const stem = name.slice(0, -4);
    const csvText = Buffer.from(files[name] as Uint8Array).toString("utf8");
    if (!csvText.startsWith("\uFEFF")) throw new Error(`${name} has no byte order mark`);
    const [header = [], ...csv] = parseCsv(csvText.slice(1));
    const json = files[`${stem}.json`];
    if (!json) throw new Error(`${stem}.json missing`);
    out[stem] = { header, csv, json: JSON.parse(Buffer.from(json).toString("utf8")) };
  }
  return out;
}
