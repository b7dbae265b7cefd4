import { downloadResourceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readResourceForDownload } from "@/lib/resources/queries";

const MEDIA_TYPES: Record<string, string> = {
  Csv: "text/csv; charset=utf-8",
  LanguageKeyFile: "text/plain; charset=utf-8",
  Profile: "application/xml",
  Other: "application/octet-stream",
};

export const GET = route(downloadResourceContract, async ({ db, caller, params }) => {
  const { resource, bytes } = await readResourceForDownload(db, caller, params);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": MEDIA_TYPES[resource.type] ?? "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(resource.name)}`,
    },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
