import { PRODUCT } from "@/lib/about/product";
import { infoContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getStationId } from "@/lib/settings/store";

export const GET = route(infoContract, async ({ db }) => ({
  Type: "DocumentService",
  Version: PRODUCT.version,
  Revision: PRODUCT.revision,
  Name: PRODUCT.name,
  Copyright: PRODUCT.copyright,
  Company: PRODUCT.company,
  CurrentApiVersion: PRODUCT.currentApiVersion,
  AvailableApiVersions: [...PRODUCT.apiVersions],
  StationId: await getStationId(db),
}));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
