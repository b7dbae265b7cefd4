import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { type Browser, expect, type Page, test } from "./fixtures";
import {
  adminPage,
  adminToken,
  darkShot,
  expectAccessible,
  expectReadableSelects,
  makeTenant,
  shot,
  tenantPage,
} from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Ledger";
const ADMIN = { name: "ada", password: "Ada-Passw0rd!" };
const CLERKS = ["clerk1", "clerk2", "clerk3", "clerk4", "clerk5", "clerk6"];
const DAY = 86_400_000;
/** A day as the date inputs take it (the browser's zone is the machine's, UTC here as on the server). */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const table = (page: Page) => page.getByTestId("audit-table");
const bodyRows = (page: Page) => table(page).locator("tbody tr");

/** The changes the trail shows: the tenant and its administrator (makeTenant), six clerks, a service setting. */
test.beforeAll(async ({ browser }) => {
  await makeTenant(browser, SYSTEM, ADMIN, ["Administrator"]);
  const page = await (await browser.newContext()).newPage();
  const headers = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  for (const name of CLERKS) {
    const res = await page.request.post("/api/users/register", {
      headers,
      data: {
        systemName: SYSTEM,
        name,
        fullName: `Clerk ${name.slice(-1)} of the ledger`,
        password: "Clerk-Passw0rd!",
        roles: ["JobManager"],
        requiresPasswordChange: false,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const setting = await page.request.put("/api/v3/config/service", { headers, data: { tokenExpirationMinutes: 61 } });
  expect(setting.status(), await setting.text()).toBe(200);
});

async function openAdminTrail(browser: Browser): Promise<Page> {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Audit trail", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audittrail$/);
  await expect(bodyRows(page).first()).toBeVisible();
  return page;
}

/** Ticks options of a multi-select (categories, operations) in its menu, then closes it. */
async function choose(page: Page, id: string, labels: string[]) {
  await page.getByTestId(id).click();
  for (const label of labels) await page.getByRole("menuitemcheckbox", { name: label, exact: true }).click();
  await page.keyboard.press("Escape");
}

test("the admin searches every system's trail: wildcard value, formatted JSON, a category, a system and its users", async ({
  browser,
}) => {
  const page = await openAdminTrail(browser);
  // newest first: the service setting of the Supersystem, made last
  await expect(bodyRows(page).first()).toContainText("Service configuration");
  await expect(bodyRows(page).first()).toContainText("Supersystem");
  await expectAccessible(page, "admin audit trail");
  await expectReadableSelects(page, "admin audit trail");
  await shot(page, "90-audittrail-admin");
  await darkShot(page, "90-audittrail-admin");

  // the value as typed is searched anywhere in the change, upper or lower case alike; Enter searches
  await page.getByLabel("Value").fill("CLERK 3 OF");
  await page.getByLabel("Value").press("Enter");
  await expect(page).toHaveURL(/value=CLERK\+3\+OF/);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText("User");
  await expect(row).toContainText("Create");
  await expect(row).toContainText(SYSTEM);
  // the registration by the Supersystem's admin in the tenant is its deputy's change
  await expect(row.getByTestId("audit-deputy")).toHaveText(`as deputy in ${SYSTEM}`);
  // formatted JSON: one member a line, indented
  const value = row.getByTestId("audit-value");
  await expect(value).toContainText('"fullName": "Clerk 3 of the ledger"');
  expect(await value.textContent()).toMatch(/^\{\n {2}"/);
  // a long value opens and closes
  const toggle = row.getByTestId("audit-value-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(value).toContainText('"isActive": true');
  await shot(page, "91-audittrail-value");

  // an inner wildcard of the user's own
  await page.getByLabel("Value").fill("clerk*ledger");
  await page.getByTestId("audit-search").click();
  await expect(page.getByTestId("pager-summary")).toHaveText(`1–${CLERKS.length} of ${CLERKS.length}`);

  // a category, chosen with the keyboard (the menu's third option): only the Supersystem's configuration change
  await page.getByTestId("audit-reset").click();
  await expect(page).not.toHaveURL(/value=/);
  // the form is drawn again from the new search once it has arrived: open the menu only after that
  await expect(page.getByTestId("audit-search")).toBeEnabled();
  await expect(page.getByLabel("Value")).toHaveValue("");
  // the pointer rests on Reset, where the menu opens: Chromium's hover update after layout would focus the item under it
  await page.mouse.move(0, 0);
  await page.getByTestId("audit-categories").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemcheckbox", { name: "Select all" })).toBeFocused();
  // one step at a time: each arrow moves the focus once the menu has taken the one before
  for (const name of ["Unknown", "User", "Service configuration"]) {
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemcheckbox", { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Space");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("audit-categories")).toHaveText("Service configuration");
  await page.getByTestId("audit-search").click();
  await expect(page).toHaveURL(/categories%5B%5D=ServiceConfiguration/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("tokenExpirationMinutes");
  // issue 23: what changed, before and after, and nothing that did not (the secrets were not touched)
  await expect(bodyRows(page).first()).toContainText(/"before": \d+/);
  await expect(bodyRows(page).first()).toContainText('"after": 61');
  await expect(bodyRows(page).first()).not.toContainText("eMailPassword");
  await shot(page, "90b-audittrail-service-change");

  // the system, then the users of its rows: the choices follow the system
  await page.getByTestId("audit-reset").click();
  await expect(page.getByTestId("audit-search")).toBeEnabled();
  await expect(page.getByTestId("audit-user")).toBeDisabled();
  await page.getByTestId("audit-system").selectOption({ label: SYSTEM });
  await expect(page.getByTestId("audit-user")).toBeEnabled();
  await expect(page.getByTestId("audit-user").locator("option")).toHaveText(["All users", "admin"]);
  await page.getByTestId("audit-user").selectOption("admin");
  await page.getByTestId("audit-search").click();
  // the tenant's creation and its seven users, all by admin
  await expect(page.getByTestId("pager-summary")).toHaveText("1–8 of 8");
  await expectAccessible(page, "admin audit trail, one system");
});

test("what is typed while a search loads stays when it arrives; back and a link take the URL's values", async ({ browser }) => {
  const page = await openAdminTrail(browser);
  // the page's answer to the first search comes late, so that the next edit lands while it loads
  let held = false;
  await page.route(
    (url) => url.pathname === "/admin/audittrail" && url.searchParams.get("value") === "clerk",
    async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue();
    },
  );
  const value = page.getByLabel("Value");
  await value.fill("clerk");
  await page.getByTestId("audit-search").click();
  await expect(page.getByTestId("audit-search")).toBeDisabled();
  await value.fill("clerk 2 of");
  await choose(page, "audit-categories", ["User"]);
  await expect(page).toHaveURL(/value=clerk&/);
  await expect(page.getByTestId("audit-search")).toBeEnabled();
  expect(held).toBe(true);
  // the search arrived; the form kept what was typed and chosen meanwhile
  await expect(value).toHaveValue("clerk 2 of");
  await expect(page.getByTestId("audit-categories")).toHaveText("User");
  await page.getByTestId("audit-search").click();
  await expect(page).toHaveURL(/value=clerk\+2\+of/);
  await expect(bodyRows(page)).toHaveCount(1);

  // back: the form shows the search of the URL again
  await page.goBack();
  await expect(page).toHaveURL(/value=clerk&/);
  await expect(value).toHaveValue("clerk");
  await expect(page.getByTestId("audit-categories")).toHaveText("All categories");
  // forward, then the menu's link without filters: the URL's values each time
  await page.goForward();
  await expect(value).toHaveValue("clerk 2 of");
  await expect(page.getByTestId("audit-categories")).toHaveText("User");
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Audit trail", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audittrail$/);
  await expect(value).toHaveValue("");
  await expect(page.getByTestId("audit-categories")).toHaveText("All categories");
});

test("a date range: an end before the start is shown and not searched; paging and the CSV export", async ({ browser }) => {
  const page = await openAdminTrail(browser);
  await page.getByTestId("audit-system").selectOption({ label: SYSTEM });
  await page.getByLabel("From", { exact: true }).fill(`${day(0)} 00:00:00`);
  await page.getByLabel("To", { exact: true }).fill(`${day(-1)} 23:59:59`);
  await expect(page.getByTestId("audit-filter-error")).toHaveText("The end lies before the start.");
  await expect(page.getByTestId("audit-search")).toBeDisabled();
  await expectAccessible(page, "audit trail, end before start");
  await shot(page, "92-audittrail-end-before-start");

  await page.getByLabel("To", { exact: true }).fill(day(1));
  await expect(page.getByTestId("audit-filter-error")).toHaveCount(0);
  await page.getByLabel("Entries per page").selectOption("5");
  await page.getByTestId("audit-search").click();
  await expect(page).toHaveURL(/start=.*end=.*pageSize=5/);
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(page.getByTestId("pager-summary")).toHaveText("1–5 of 8");
  const newest = await bodyRows(page).first().textContent();
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page.getByTestId("pager-summary")).toHaveText("6–8 of 8");
  await expect(bodyRows(page)).toHaveCount(3);
  // the oldest of the system: its creation
  await expect(bodyRows(page).last()).toContainText("System");
  await expect(bodyRows(page).last()).toContainText("Create");
  expect(await bodyRows(page).first().textContent()).not.toBe(newest);

  // the export holds the whole result, not the page
  const downloading = page.waitForEvent("download");
  await page.getByTestId("audit-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audittrail-\d{4}-\d{2}-\d{2}\.csv$/);
  const saved = path.join(tmpdir(), `audit-e2e-${process.pid}.csv`);
  await download.saveAs(saved);
  const lines = readFileSync(saved, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("id,timestamp,category,operation,systemId,system,project,user,deputy,value");
  expect(lines).toHaveLength(9);
  expect(lines.slice(1).every((line) => line.includes(`,${SYSTEM},`))).toBe(true);
  await shot(page, "93-audittrail-page-2");
});

test("a tenant's administrator sees its own system's trail only, in German and in the dark theme", async ({ browser }) => {
  const page = await tenantPage(browser, SYSTEM, ADMIN, "de-DE");
  await page.goto(`/system/${SYSTEM}/audittrail`);
  await expect(page.getByRole("heading", { name: "Audit-Trail" })).toBeVisible();
  // the system is fixed; the rows are the tenant's (no Supersystem configuration)
  await expect(page.getByLabel("System", { exact: true })).toHaveValue(SYSTEM);
  await expect(page.getByTestId("pager-summary")).toHaveText("1–8 von 8");
  await expect(table(page)).not.toContainText("Dienstkonfiguration");
  await expect(bodyRows(page).last()).toContainText("Anlegen");
  await choose(page, "audit-operations", ["Löschen"]);
  await page.getByTestId("audit-search").click();
  await expect(table(page)).toContainText("Keine Einträge entsprechen der Suche.");
  await expect(page.getByTestId("audit-export")).toBeDisabled();
  await page.getByTestId("audit-reset").click();
  await expect(page.getByTestId("status-bar")).toContainText("Die Suche wurde zurückgesetzt.");
  await expectAccessible(page, "system audit trail (de)");
  await shot(page, "94-audittrail-system-de");
  await darkShot(page, "94-audittrail-system-de");

  // the value search in German
  await page.getByLabel("Wert").fill("clerk6");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Benutzer");
});

test("an unusable URL shows audittrail_error_load; without the permission the page is forbidden", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/audittrail?start=yesterday");
  await expect(page.getByTestId("audit-load-error")).toContainText("The audit trail could not be loaded:");
  await expect(table(page)).toContainText("The entries could not be loaded.");
  await shot(page, "95-audittrail-load-error");

  const clerk = await tenantPage(browser, SYSTEM, { name: CLERKS[0] as string, password: "Clerk-Passw0rd!" });
  await clerk.goto(`/system/${SYSTEM}/audittrail`);
  await expect(clerk).toHaveURL(new RegExp(`/system/${SYSTEM}/audittrail$`));
  await expect(clerk.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
