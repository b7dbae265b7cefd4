/** spec foundation §2 "About": product version 12.5.1, revision 49250. */
export const PRODUCT = {
  name: "DocService",
  longName: "DocService document classification and extraction",
  version: "12.5.1",
  revision: 49250,
  company: "DocService",
  copyright: "© 2026 DocService",
  copyrightUrl: "/about",
  apiVersions: ["v1", "v2", "v3"],
  currentApiVersion: "v3",
} as const;
