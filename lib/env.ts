import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the embedded database, files and the generated secret live. */
export function dataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || "./data");
}

export function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export function redisUrl(): string | undefined {
  return process.env.REDIS_URL || undefined;
}

/** The bearer token of GET /api/metrics; unset, the endpoint answers 404 (docs/decisions.md "Dashboards"). */
export function metricsToken(): string | undefined {
  return process.env.METRICS_TOKEN || undefined;
}

let cachedSecret: string | undefined;

/**
 * The installation secret: SECRET_KEY, or a random key generated once into DATA_DIR/secret.key.
 * It signs browser sessions and encrypts stored secrets (DESIGN.md "Passwords").
 */
export function secretKey(): string {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  if (cachedSecret) return cachedSecret;
  const dir = dataDir();
  const file = path.join(dir, "secret.key");
  if (existsSync(file)) {
    cachedSecret = readFileSync(file, "utf8").trim();
  } else {
    mkdirSync(dir, { recursive: true });
    cachedSecret = randomBytes(32).toString("base64url");
    writeFileSync(file, `${cachedSecret}\n`, { mode: 0o600, flag: "wx" });
  }
  return cachedSecret;
}
