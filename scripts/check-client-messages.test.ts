import path from "node:path";
import { describe, expect, it } from "vitest";
import messages from "../messages/en-US.json";
// @ts-expect-error: a plain ES module without types
import { analyse, check, namespacesOfModule, providedBy } from "./check-client-messages.mjs";

const root = path.resolve(import.meta.dirname, "..");
const app = (file: string) => path.join(root, "app", file);

describe("check-client-messages", () => {
  it("reads a module's namespaces: literals, a comment for the rest, and says when it cannot tell", () => {
    expect(namespacesOfModule('const t = useTranslations("jobs"); const u = useTranslations("errors.x");')).toEqual({
      namespaces: new Set(["jobs", "errors"]),
      dynamic: false,
    });
    expect(namespacesOfModule("const t = useTranslations(area.messages);").dynamic).toBe(true);
    expect(
      namespacesOfModule("// client-messages: projects, learnProjects (the form's two areas)\nuseTranslations(area.x)"),
    ).toEqual({ namespaces: new Set(["projects", "learnProjects"]), dynamic: false });
  });

  it("reads the namespaces of a provider or a messages layout", () => {
    expect(providedBy('<ClientMessages root namespaces={["status", "errors"]}>')).toEqual(new Set(["status", "errors"]));
    expect(providedBy('export default messagesLayout(["scheduler", "pager"]);')).toEqual(new Set(["scheduler", "pager"]));
    expect(providedBy("export default function Page() {}")).toBeUndefined();
  });

  it("finds a namespace missing under the providers, one named twice, and one nobody under it uses", () => {
    const route = (file: string, needs: string[], provided?: string[]) => ({
      file: app(file),
      needs: new Map(needs.map((n) => [n, new Set([app(file)])])),
      problems: [],
      provided: provided && new Set(provided),
    });
    const problems: string[] = check(
      [
        route("layout.tsx", ["status"], ["status", "errors"]),
        route("x/layout.tsx", [], ["jobs", "errors", "pager"]),
        route("x/page.tsx", ["jobs", "errors", "table"]),
        route("y/page.tsx", ["status"]),
      ],
      messages,
    );
    expect(problems).toEqual([
      'app/x/layout.tsx: its provider names "errors", which app/layout.tsx already gives',
      'app/x/layout.tsx: its provider names "pager", which no client module under it uses',
      'app/x/page.tsx: "table" (used by app/x/page.tsx) is in none of its providers (app/x/layout.tsx, app/layout.tsx)',
    ]);
  });

  it("finds the app's every route file under providers with exactly what its client modules use", () => {
    const routes = analyse();
    expect(routes.length).toBeGreaterThan(100);
    const monitor = routes.find((r: { file: string }) => r.file === app("system/[system]/jobmonitor/(list)/page.tsx"));
    expect([...monitor.needs.keys()].sort()).toEqual(
      ["errors", "jobErrors", "jobFilters", "jobs", "pager", "status", "table"].sort(),
    );
    expect(check(routes, messages)).toEqual([]);
  });
});
