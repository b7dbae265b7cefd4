import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_PREFIXES, MALFORMED_PAGE_TARGET, MALFORMED_PATH_TARGET, UNDECODABLE_PATH } from "./lib/api/paths";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");
/** the build of the server tests (tests/server/global-setup.ts): types are checked by `npm run typecheck` instead */
const testBuild = process.env.NEXT_BUILD_SKIP_TYPECHECK === "1";
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
  // forbidden() and the portals' forbidden.tsx: a page the caller may not open says access denied inside its portal's
  // shell, the URL kept, status 403 (lib/auth/guard.ts; docs/decisions.md "Access denied inside a portal")
  // The test build (tests/server/global-setup.ts) writes no Turbopack cache (a fresh clone's one build paid 16 s for it)
  // and minifies nothing (its bundles are served to tests only)
  experimental: {
    authInterrupts: true,
    turbopackFileSystemCacheForBuild: !testBuild,
    turbopackMinify: !testBuild,
  },
  // a second build directory lets benchmarks build and serve beside a running development server
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // builds for tests (tests/server/global-setup.ts) leave the type check to `npm run typecheck`
  typescript: { ignoreBuildErrors: testBuild },
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
