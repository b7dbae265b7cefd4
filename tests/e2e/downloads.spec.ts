import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { type Browser, expect, type Page, test } from "./fixtures";
import { adminPage, adminToken, darkShot, expectAccessible, makeTenant, shot, tenantPage } from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Archives";
const ADMINISTRATOR = { name: "arlo", password: "Arlo-Passw0rd!" };
const JOB_MANAGER = { name: "jody", password: "Jody-Passw0rd!" };
const TASK = "Audit trail archive";

/**
 * The archivers run 40 days ahead on this server (ARCHIVER_CLOCK_SHIFT_DAYS, playwright.config.ts): the month this
 * run's audit trail is written in counts as complete. Its key, as the archive names it.
 */
const MONTH = new Date().toISOString().slice(0, 7);
const ALL_SYSTEMS = `AuditTrail_${MONTH}_all-systems.zip`;

const row = (page: Page, name: string) => page.getByTestId("downloads-AuditTrail").getByRole("row").filter({ hasText: name });

async function apiHeaders(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  return { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
}

test.beforeAll(async ({ browser }) => {
  // the tenant's users are written to the audit trail now: the run below archives them per system too
  await makeTenant(browser, SYSTEM, ADMINISTRATOR, ["Administrator"]);
  const page = await (await browser.newContext()).newPage();
  const headers = await apiHeaders(browser);
  const registered = await page.request.post("/api/users/register", {
    headers,
    data: {
      systemName: SYSTEM,
      name: JOB_MANAGER.name,
      password: JOB_MANAGER.password,
      roles: ["JobManager"],
      requiresPasswordChange: false,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  // a short tick keeps the wait for the forced run short
  const saved = await page.request.put("/api/scheduler", { headers, data: { checkInterval: 2 } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
});

// the other specs share this server: the scheduler ticks at its default pace again
test.afterAll(async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const saved = await page.request.put("/api/scheduler", { headers: await apiHeaders(browser), data: { checkInterval: 60 } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
});

test("the admin adds an audit-trail archiver, forces it, downloads the archive and deletes it after the question", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Scheduler", exact: true }).click();
  await page.getByTestId("add-task").click();
  await page.getByLabel("Name").fill(TASK);
  await page.getByLabel("Function").selectOption({ label: "Audit trail archiver" });
  // spec §9: by month, one archive over all systems and one per system, no cleaning, 92 days
  const panel = page.getByTestId("config-panel-AuditTrailArchiver");
  await expect(panel).toBeVisible();
  await expect(page.getByLabel("Delete archived rows older than (days)")).toHaveValue("92");
  await page.getByTestId("check-dailyIsActive").click();
  await page.getByLabel("Daily at").fill("03:00");
  await expectAccessible(page, "archiver task form");
  await shot(page, "89-downloads-archiver-task");
  await darkShot(page, "89-downloads-archiver-task");
  await page.waitForTimeout(1000); // spec foundation §9: one click a second per button
  await page.getByTestId("save-task").click();
  await expect(page).toHaveURL(/\/admin\/scheduler$/);
  const task = page.getByTestId("tasks-table").getByRole("row").filter({ hasText: TASK });
  await task.getByTestId("force-task").click();
  await expect(page.getByTestId("status-bar")).toContainText("The task starts at the scheduler's next check.");
  await expect(task.getByTestId("outcome-ok")).toBeVisible({ timeout: 120_000 });
  await shot(page, "90-downloads-archiver-run");
  // run again: nothing new is complete, and the run says so, with the period the next archive covers (issue 23)
  await expect(page.getByTestId("status-bar")).toBeHidden({ timeout: 10_000 });
  await task.getByTestId("force-task").click();
  await expect(page.getByTestId("status-bar")).toContainText("The task starts at the scheduler's next check.");
  await task.getByRole("link", { name: TASK }).click();
  const lastRun = page.getByTestId("task-runs-table").getByRole("row").nth(1);
  await expect(async () => {
    await page.getByTestId("runs-refresh").click();
    await expect(lastRun).toContainText(
      /^.*0 archives written \(0 rows\); nothing new to archive: the next archive covers \d{4}-\d{2} \(\d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}\) and is written on \d{4}-\d{2}-01/,
      { timeout: 2000 },
    );
  }).toPass({ timeout: 120_000 });
  await shot(page, "90b-downloads-archiver-nothing-new");

  // the downloads of the admin portal: every system's and the archive over all systems, newest first
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Downloads", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/downloads$/);
  await expect(page.getByTestId("tab-AuditTrail")).toHaveAttribute("data-state", "active");
  await expect(page.getByTestId("tab-Metric")).toBeVisible();
  await expect(page.getByTestId("tab-MetricAggregate")).toBeVisible();
  await expect(row(page, ALL_SYSTEMS)).toBeVisible();
  await expect(row(page, ALL_SYSTEMS)).toContainText("All systems");
  await expect(row(page, ALL_SYSTEMS)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(row(page, ALL_SYSTEMS)).toContainText(/\d+ KB/);
  await expect(row(page, `AuditTrail_${MONTH}_${SYSTEM}.zip`)).toContainText(SYSTEM);
  await expectAccessible(page, "admin downloads");
  await shot(page, "91-downloads-admin");
  await darkShot(page, "91-downloads-admin");

  // the zip: the audit trail as CSV and JSON
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row(page, ALL_SYSTEMS).getByTestId("download-file").click(),
  ]);
  expect(download.suggestedFilename()).toBe(ALL_SYSTEMS);
  const bytes = await readFile((await download.path()) ?? "");
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const entries = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(entries)).toEqual([`audit-trail-${MONTH}.csv`, `audit-trail-${MONTH}.json`]);
  const json = JSON.parse(Buffer.from(entries[`audit-trail-${MONTH}.json`] as Uint8Array).toString()) as { username: string }[];
  expect(json.length).toBeGreaterThan(0);
  expect(Buffer.from(entries[`audit-trail-${MONTH}.csv`] as Uint8Array).toString()).toContain("timestamp,category,operation");

  // delete asks first; No keeps it, Yes removes it
  await row(page, ALL_SYSTEMS).getByTestId("download-delete").click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Delete the download ${ALL_SYSTEMS}?`);
  await expectAccessible(page, "delete question");
  await shot(page, "92-downloads-delete-question");
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(row(page, ALL_SYSTEMS)).toBeVisible();
  await page.waitForTimeout(1000);
  await row(page, ALL_SYSTEMS).getByTestId("download-delete").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByTestId("status-bar")).toContainText("The download was deleted.");
  await expect(row(page, ALL_SYSTEMS)).toHaveCount(0);

  // a delete that fails (gone meanwhile) says so and reads the list again (spec §4)
  const victim = `AuditTrail_${MONTH}_Supersystem.zip`;
  const headers = await apiHeaders(browser);
  const listed = await page.request.get("/api/v2/downloads/?type=2&pageSize=100", { headers });
  const id = ((await listed.json()) as { items: { id: string; displayFileName: string }[] }).items.find(
    (i) => i.displayFileName === victim,
  )?.id;
  expect(id).toBeTruthy();
  expect((await page.request.delete(`/api/v2/downloads/${id}`, { headers })).status()).toBe(204);
  await page.waitForTimeout(1000);
  await row(page, victim).getByTestId("download-delete").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByTestId("status-bar")).toContainText(
    `The download ${victim} could not be deleted: The download was not found.`,
  );
  await expect(row(page, victim)).toHaveCount(0);
  await shot(page, "93-downloads-delete-failed");

  // an empty tab (once the message above has gone)
  await expect(page.getByTestId("status-bar")).toBeHidden({ timeout: 10_000 });
  await page.getByTestId("tab-Metric").click();
  await expect(page).toHaveURL(/\?type=Metric$/);
  await expect(page.getByTestId("downloads-Metric")).toContainText("No downloads yet.");
  await expectAccessible(page, "empty downloads tab");
  await shot(page, "94-downloads-empty");
  await darkShot(page, "94-downloads-empty");

  // archive now (issue 23): the metrics of all systems of these days, written, downloaded and listed at once
  const exporter = page.getByTestId("export-range");
  await expect(exporter).toContainText("The job metrics of all systems of these days");
  const today = new Date().toISOString().slice(0, 10);
  await exporter.getByLabel("From").fill(today);
  await exporter.getByLabel("To").fill("2020-01-01");
  await expect(exporter).toContainText("The end of the range is before its start.");
  await expect(page.getByTestId("export-submit")).toBeDisabled();
  await exporter.getByLabel("To").fill(today);
  const [exported] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-submit").click()]);
  expect(exported.suggestedFilename()).toMatch(
    new RegExp(`^Metrics_${today}_${today}_all-systems_exported-\\d{8}-\\d{6}\\.zip$`),
  );
  await expect(
    page.getByTestId("downloads-Metric").getByRole("row").filter({ hasText: exported.suggestedFilename() }),
  ).toBeVisible();
  await shot(page, "94b-downloads-archive-now");
});

test("a system's administrator sees its own archives in German", async ({ browser }) => {
  const page = await tenantPage(browser, SYSTEM, ADMINISTRATOR, "de-DE");
  await page.goto(`/system/${SYSTEM}/downloads`);
  await expect(page.getByRole("heading", { name: "Downloads" })).toBeVisible();
  await expect(page.getByTestId("tab-AuditTrail")).toHaveText("Audit-Trail");
  await expect(page.getByTestId("tab-Metric")).toHaveText("Metriken");
  const archive = `AuditTrail_${MONTH}_${SYSTEM}.zip`;
  await expect(row(page, archive)).toBeVisible();
  // a system's portal lists its own system's archives only
  await expect(page.getByTestId("downloads-AuditTrail").getByRole("row")).toHaveCount(2);
  await expect(page.getByTestId("pager-summary")).toBeVisible();
  await expectAccessible(page, "system downloads (de)");
  await shot(page, "95-downloads-system-de");
  await darkShot(page, "95-downloads-system-de");
  await row(page, archive).getByTestId("download-delete").click();
  await expect(page.getByRole("alertdialog")).toContainText(`Den Download ${archive} löschen?`);
  await shot(page, "96-downloads-delete-question-de");
  await darkShot(page, "96-downloads-delete-question-de");
  await page.getByRole("alertdialog").getByRole("button", { name: "Nein" }).click();

  // archive now: the system's audit trail of this month so far, at once (the archiver waits for the month's end)
  const exporter = page.getByTestId("export-range");
  await expect(exporter).toContainText("Der Audit-Trail dieser Tage (UTC, beide eingeschlossen) sofort als Download");
  const start = await exporter.getByLabel("Von").inputValue();
  const end = await exporter.getByLabel("Bis").inputValue();
  expect(start).toBe(`${MONTH}-01`);
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Jetzt archivieren" }).click(),
  ]);
  // the export's time in the name tells two exports of one range apart (issue 23 walk)
  const name = exported.suggestedFilename();
  expect(name).toMatch(new RegExp(`^AuditTrail_${start}_${end}_${SYSTEM}_exported-\\d{8}-\\d{6}\\.zip$`));
  const entries = unzipSync(new Uint8Array(await readFile((await exported.path()) ?? "")));
  const json = JSON.parse(Buffer.from(entries[`audit-trail-${start}_${end}.json`] as Uint8Array).toString()) as {
    system: string;
  }[];
  expect(json.length).toBeGreaterThan(0);
  expect(new Set(json.map((r) => r.system))).toEqual(new Set([SYSTEM]));
  await expect(row(page, name)).toBeVisible();
  await expect(page.getByTestId("status-bar")).toContainText(`Das Archiv ${name} wurde geschrieben`);
  await expectAccessible(page, "archive now (de)");
  await shot(page, "98-downloads-archive-now-de");
  await darkShot(page, "98-downloads-archive-now-de");
});

test("without the permissions of any tab the page says so, in both languages; the sidebar has no entry", async ({ browser }) => {
  for (const locale of ["en-US", "de-DE"] as const) {
    const page = await tenantPage(browser, SYSTEM, JOB_MANAGER, locale);
    await expect(page.getByRole("navigation").getByRole("link", { name: "Downloads" })).toHaveCount(0);
    await page.goto(`/system/${SYSTEM}/downloads`);
    await expect(page.getByTestId("downloads-no-access")).toContainText(
      locale === "en-US" ? "You have no access to downloads" : "Sie haben keinen Zugriff auf Downloads",
    );
    await expectAccessible(page, `no access (${locale})`);
    await shot(page, `97-downloads-no-access-${locale}`);
    await darkShot(page, `97-downloads-no-access-${locale}`);
  }
});
