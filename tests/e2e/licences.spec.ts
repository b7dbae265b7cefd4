import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { makeLicenceFile } from "../fixtures/licence";
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  ADMIN_PASSWORD_CHANGED,
  adminToken,
  darkShot,
  expectAccessible,
  expectReadableSelects,
  makeTenant,
  shot,
  signIn,
  tenantPage,
} from "./helpers";

test.describe.configure({ mode: "serial" });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PRIMARY = { id: `E2E-PRIMARY-${Date.now()}`, name: "Primary pages", expiration: day(5) };
const FALLBACK = { id: `E2E-FALLBACK-${Date.now()}`, name: "Fallback pages", expiration: day(365) };
const VIRTUAL = { id: `E2E-VIRTUAL-${Date.now()}`, name: "Combined pages" };

async function adminPage(browser: Browser, locale: "en-US" | "de-DE" = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await adminToken(page, ADMIN_PASSWORD);
  await page.goto("/admin/login");
  if (locale === "de-DE") {
    await page.getByLabel("Benutzername").fill("admin");
    await page.getByLabel("Passwort", { exact: true }).fill(ADMIN_PASSWORD_CHANGED);
    await page.getByRole("button", { name: "Anmelden" }).click();
  } else {
    await signIn(page, "admin", ADMIN_PASSWORD_CHANGED);
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // the sign-in applied the admin's saved language; show these pages in the browser's instead
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
  return page;
}

function licenceFile(doc: { id: string; name: string; expiration: string }, limit: number): string {
  const file = path.join(tmpdir(), `${doc.id}.lic`);
  writeFileSync(file, makeLicenceFile({ ...doc, features: [{ id: "Pages", status: "Limited", limit, expiration: null }] }));
  return file;
}

test("licences are uploaded from files; one expiring in 5 days shows a critical alert", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Licences" }).click();
  await expect(page).toHaveURL(/\/admin\/licence$/);
  await page.getByTestId("licence-file").setInputFiles(licenceFile(PRIMARY, 5));
  await expect(page.getByTestId("status-bar")).toContainText("The licence has been added.");
  await page.waitForTimeout(1000);
  await page.getByTestId("licence-file").setInputFiles(licenceFile(FALLBACK, 100));
  await expect(page.getByTestId("licences-table")).toContainText(FALLBACK.name);
  // the same licence twice is refused
  await page.waitForTimeout(1000);
  await page.getByTestId("licence-file").setInputFiles(licenceFile(PRIMARY, 5));
  await expect(page.getByTestId("status-bar")).toContainText("exists already");

  const row = page.getByTestId("licences-table").getByRole("row", { name: new RegExp(PRIMARY.name) });
  await expect(row).toContainText("Expires in 5 days");
  await expectAccessible(page, "licences list");
  await shot(page, "40-licences-list");
  await darkShot(page, "40-licences-list");

  await row.getByRole("link", { name: PRIMARY.name }).click();
  await expect(page.getByTestId("licence-detail")).toContainText(PRIMARY.id);
  await expect(page.getByTestId("licence-alerts")).toContainText("Expires in 5 days");
  await expect(page.getByTestId("feature-table")).toContainText("Pages");
  await expectAccessible(page, "licence detail");
  await shot(page, "41-licence-detail");
  await darkShot(page, "41-licence-detail");
});

test("a virtual licence is built from two children, reordered, and used by a system", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/licence");
  await page.getByTestId("tab-virtual").click();
  await expect(page.getByTestId("licences-table")).toContainText("No virtual licences yet.");
  await page.getByTestId("create-virtual").click();
  await page.getByTestId("save-virtual").click();
  await expect(page.getByTestId("error-childIds")).toContainText("at least one child licence");
  await expect(page.getByTestId("error-name")).toContainText("The licence name is missing.");
  await page.getByLabel("Id (optional)").fill(VIRTUAL.id);
  await page.getByLabel("Name").fill(VIRTUAL.name);
  for (const child of [PRIMARY, FALLBACK]) {
    await page.getByTestId("child-pool").selectOption({ label: `${child.name} (${child.id})` });
    await page.getByTestId("add-child").click();
    await page.waitForTimeout(1000); // buttons are throttled to one click per second
  }
  // an assigned child leaves the pool
  await expect(page.getByTestId("child-pool").getByRole("option", { name: new RegExp(PRIMARY.id) })).toHaveCount(0);
  await page.getByRole("button", { name: `Move up: ${FALLBACK.name}` }).click();
  await expect(page.getByTestId("child").first()).toContainText(FALLBACK.name);
  await expectAccessible(page, "create virtual");
  await expectReadableSelects(page, "create virtual");
  await shot(page, "42-create-virtual");
  await page.waitForTimeout(1000);
  await page.getByTestId("save-virtual").click();
  await expect(page).toHaveURL(/selectVirtualTab=true/);
  await page.getByRole("link", { name: VIRTUAL.name }).click();
  await expect(page.getByTestId("child-tree").locator("li").first()).toContainText(FALLBACK.name);

  await page.getByTestId("edit-licence").click();
  await page.getByRole("button", { name: `Move up: ${PRIMARY.name}` }).click();
  await expect(page.getByTestId("child").first()).toContainText(PRIMARY.name);
  await shot(page, "43-licence-edit");
  await darkShot(page, "43-licence-edit");
  await page.getByTestId("save-licence").click();
  await expect(page.getByTestId("child-tree").locator("li").first()).toContainText(PRIMARY.name);
  await expect(page.getByTestId("status-bar")).toContainText("The licence has been updated.");

  const token = await adminToken(page, ADMIN_PASSWORD);
  const system = await page.request.post("/api/systems", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Initech", licenceId: VIRTUAL.id },
  });
  expect(system.status(), await system.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("licence-detail")).toContainText("Initech");
  await shot(page, "44-virtual-detail");
});

test("the licence pages in German", async ({ browser }) => {
  const page = await adminPage(browser, "de-DE");
  await page.goto("/admin/licence");
  await expect(page.getByRole("heading", { name: "Lizenzen" })).toBeVisible();
  await expect(page.getByTestId("licences-table")).toContainText("Läuft in 5 Tagen ab");
  await shot(page, "45-licences-list-de");
  await page.getByRole("link", { name: PRIMARY.name }).click();
  await expect(page.getByTestId("feature-table")).toContainText("Begrenzt");
  await shot(page, "46-licence-detail-de");
  await page.getByTestId("edit-licence").click();
  await expect(page.getByLabel("Warnung Tage vor Ablauf")).toHaveValue("30");
  await expectAccessible(page, "licence edit de");
  await shot(page, "47-licence-edit-de");
  await page.getByLabel("Warnung Tage vor Ablauf").fill("0");
  await page.getByTestId("save-licence").click();
  await expect(page.getByTestId("error-dateStage1")).toContainText("ganze Tageszahlen");
  await expect(page.getByLabel("Warnung Tage vor Ablauf")).toHaveAttribute("aria-invalid", "true");
});

/**
 * issue 23, one name per thing: every entry of the sidebar names the page it opens as the page's heading and its
 * browser title do (a page may say more: "Global resources"), in both portals and languages. The system portal's
 * menu said "Licences" for "Licence of the system".
 */
test("each menu entry names its page as the page's heading and title do, in both portals and languages", async ({ browser }) => {
  test.setTimeout(240_000);
  const tenant = { name: "nora", password: "Nora-Passw0rd!" };
  await makeTenant(browser, "Namesake", tenant, ["Administrator"]);
  const walk = async (page: Page, label: string) => {
    await page.reload(); // in the language of the cookie the sign-in was followed by
    const nav = page.getByRole("navigation", { name: /^(Navigation)$/ });
    const links = await nav
      .getByRole("link")
      .evaluateAll((all) => all.map((a) => ({ text: (a.textContent ?? "").trim(), href: a.getAttribute("href") ?? "" })));
    expect(links.length, label).toBeGreaterThan(5);
    for (const link of links.filter((l) => !l.href.startsWith("/apidocs"))) {
      await page.goto(link.href);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading, `${label} ${link.href}`).toContainText(new RegExp(link.text, "i"));
      await expect(page, `${label} ${link.href}`).toHaveTitle(new RegExp(link.text, "i"));
    }
  };
  for (const locale of ["en-US", "de-DE"] as const) {
    await walk(await adminPage(browser, locale), `admin ${locale}`);
    await walk(await tenantPage(browser, "Namesake", tenant, locale), `system ${locale}`);
  }
  const system = await tenantPage(browser, "Namesake", tenant, "de-DE");
  await system.goto("/system/Namesake/licence");
  await expect(system.getByRole("heading", { level: 1 })).toHaveText("Lizenz");
  await shot(system, "48-system-licence-de");
  const english = await tenantPage(browser, "Namesake", tenant);
  await english.goto("/system/Namesake/licence");
  await expect(
    english.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Licence", exact: true }),
  ).toBeVisible();
  await shot(english, "48-system-licence");
});
