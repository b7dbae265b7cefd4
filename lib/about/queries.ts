import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ExternalModule } from "./schemas";

type PackageJson = {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  homepage?: string;
  repository?: string | { url?: string };
  author?: string | { name?: string };
  dependencies?: Record<string, string>;
};

function readJson(file: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
}

function repositoryUrl(pkg: PackageJson): string {
  if (pkg.homepage) return pkg.homepage;
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (!repo) return "";
  return repo
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/^git:\/\//, "https://")
    .replace(/^github:/, "https://github.com/");
}

/** The copyright line of the package's licence file, else its author. */
function copyright(dir: string, pkg: PackageJson): string {
  const licence = existsSync(dir) ? readdirSync(dir).find((f) => /^licen[cs]e/i.test(f)) : undefined;
  if (licence) {
    const line = readFileSync(path.join(dir, licence), "utf8")
      .split("\n")
      .find((l) => /copyright\s+(\(c\)|©|\d{4})/i.test(l));
    if (line) return line.trim();
  }
  const author = typeof pkg.author === "string" ? pkg.author : pkg.author?.name;
  return author ? `Copyright ${author}` : "";
}

let cached: ExternalModule[] | undefined;

/** spec foundation §2 "About": the third-party modules this build runs on, read from node_modules. */
export function externalModules(root = process.cwd()): ExternalModule[] {
  if (cached) return cached;
  const own = readJson(path.join(root, "package.json"));
  const names = Object.keys(own?.dependencies ?? {}).sort();
  cached = names.flatMap((name) => {
    const dir = path.join(root, "node_modules", name);
    const pkg = readJson(path.join(dir, "package.json"));
    if (!pkg?.version) return [];
    const license = typeof pkg.license === "string" ? pkg.license : (pkg.license?.type ?? "");
    return [
      {
        name,
        url: repositoryUrl(pkg),
        version: pkg.version,
        license,
        licenseurl: /^[\w.-]+$/.test(license) ? `https://spdx.org/licenses/${license}.html` : "",
        copyright: copyright(dir, pkg),
      },
    ];
  });
  return cached;
}
