import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const SHOTS = "test-results/screenshots";

/** axe on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A token for the REST API, for arranging data the UI of later issues will manage. */
export async function apiToken(page: Page, userName: string, password: string, systemName = "Supersystem"): Promise<string> {
  const res = await page.request.post("/api/auth/login", { data: { systemName, userName, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
