import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // PGlite breaks when bundled (STACK.md); native and worker-thread packages stay external too.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pino",
    "bullmq",
    "ioredis",
    "postgres",
    "tesseract.js",
    "unpdf",
  ],
  poweredByHeader: false,
  // a second build directory lets benchmarks build and serve beside a running development server
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
