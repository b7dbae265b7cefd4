import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_PREFIXES, MALFORMED_PAGE_TARGET, MALFORMED_PATH_TARGET, UNDECODABLE_PATH } from "./lib/api/paths";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");
const apiPrefix = API_PREFIXES.join("|");

const nextConfig: NextConfig = {
  // PGlite breaks when bundled (STACK.md); native and worker-thread packages stay external too.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "@napi-rs/canvas",
    "pino",
    "bullmq",
    "ioredis",
    "postgres",
    "tesseract.js",
    "unpdf",
    "pdfjs-dist",
  ],
  poweredByHeader: false,
  // a second build directory lets benchmarks build and serve beside a running development server
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // builds for tests (tests/server/global-setup.ts) leave the type check to `npm run typecheck`
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // DESIGN.md "Operational areas": an API path answers as written, with or without the trailing slash, never with
  // a redirect (a client re-sending a multipart body after a 308 is rare). Next's own trailing-slash redirect is
  // off, and the redirect below keeps it for every path outside the APIs, so pages keep their canonical URLs. The
  // routers of Next match `/api/users/` to `app/api/users/route.ts` by themselves; no proxy pass is needed.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [{ source: `/:path((?!(?:${apiPrefix})(?:/|$)).+)/`, destination: "/:path", permanent: true }];
  },
  async rewrites() {
    return {
      // a path Next cannot decode fails in its router before any handler (a plain-text 500): the API's catch-all route
      // answers 400 InvalidPath in the error envelope instead (lib/api/paths.ts); a page path, the not-found page
      beforeFiles: [
        { source: `/:prefix(${apiPrefix})/:rest(${UNDECODABLE_PATH})`, destination: MALFORMED_PATH_TARGET },
        { source: `/:path((?!(?:${apiPrefix})(?:/|$))${UNDECODABLE_PATH})`, destination: MALFORMED_PAGE_TARGET },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default withNextIntl(nextConfig);
