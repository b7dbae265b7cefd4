import { readFileSync } from "node:fs";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { sampleEsproject } from "../fixtures/project";
import { type Browser, expect, type Page, test } from "./fixtures";
import { adminPage, adminToken, apiToken, darkShot, expectAccessible, makeTenant, shot, tenantPage } from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Statista";
const STELLA = { name: "stella", password: "Stella-Passw0rd!" };
const INVOICE = "INVOICE\nInvoice No. INV-9\nAmount due\nTotal: EUR 12,00\n";
const LETTER = "Dear Sir,\nSubject: Note\nYours sincerely";

const today = () => new Date().toISOString().slice(0, 10);
const stellaPage = (browser: Browser, locale: "en-US" | "de-DE" = "en-US") => tenantPage(browser, SYSTEM, STELLA, locale);
let invoicesId = "";
let adminHeaders: Record<string, string> = {};

async function maintenance(page: Page, on: boolean) {
  const res = await page.request.put("/api/v3/config/service", { headers: adminHeaders, data: { isMaintenanceModeEnabled: on } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A tenant with jobs in several states, made through the API: projects Invoices (4 jobs: 2 Ready, one of them restarted,
 * 1 Error that is then deleted, 1 waiting), Letters (2 Ready, 1 waiting) and an empty one; the waiting jobs wait because
 * maintenance mode is on while they arrive (and stays on until the end of the spec).
 */
test.beforeAll(async ({ browser }) => {
  await makeTenant(browser, SYSTEM, STELLA, ["Administrator"]);
  const page = await (await browser.newContext()).newPage();
  adminHeaders = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  const login = await page.request.post("/api/auth/login", {
    data: { systemName: SYSTEM, userName: STELLA.name, password: STELLA.password },
  });
  const { token, systemId } = (await login.json()) as { token: string; systemId: string };
  const headers = { authorization: `Bearer ${token}` };
  const project = async (name: string) => {
    const res = await page.request.post("/api/v3/projects", {
      headers,
      multipart: {
        esproject: { name: "p.esproject", mimeType: "application/zip", buffer: Buffer.from(sampleEsproject({ name })) },
        meta: JSON.stringify({ systemId, name }),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  invoicesId = await project("Invoices");
  const lettersId = await project("Letters");
  await project("Empty project");
  const post = async (projectId: string, name: string, text: string | Buffer, client: string) => {
    const res = await page.request.post("/api/jobs", {
      headers,
      multipart: {
        file: { name, mimeType: name.endsWith(".txt") ? "text/plain" : "application/octet-stream", buffer: Buffer.from(text) },
        meta: JSON.stringify({ projectId, client, clientInfo: `${client} info` }),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const settled = async (id: number, states = ["Ready", "Error"]) => {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/jobs/${id}`, { headers })).json()) as { state: string }).state, {
        timeout: 30_000,
      })
      .toMatch(new RegExp(`^(${states.join("|")})$`));
  };
  const ready = [
    await post(invoicesId, "a.txt", INVOICE, "scanner-1"),
    await post(invoicesId, "b.txt", `${INVOICE}\n${LETTER}`, "scanner-2"),
    await post(lettersId, "c.txt", LETTER, "mailroom"),
    await post(lettersId, "d.txt", LETTER, "mailroom"),
  ];
  const failed = await post(invoicesId, "broken.bin", Buffer.from([0, 159, 146, 150, 0, 1, 2, 255]), "scanner-3");
  for (const id of [...ready, failed]) await settled(id);
  const restart = await page.request.patch(`/api/jobs/${ready[0]}`, { headers, data: { state: "Waiting" } });
  expect(restart.ok(), await restart.text()).toBe(true);
  await settled(ready[0] as number);
  const removed = await page.request.delete(`/api/jobs/${failed}`, { headers });
  expect(removed.ok(), await removed.text()).toBe(true);
  await maintenance(page, true);
  await post(invoicesId, "later.txt", INVOICE, "scanner-1");
  await post(lettersId, "later.txt", LETTER, "mailroom");
});

test.afterAll(async ({ browser }) => {
  await maintenance(await (await browser.newContext()).newPage(), false);
});

/** The table's row of `name`: its cells' texts. */
async function row(page: Page, name: string): Promise<string[]> {
  const r = page
    .getByTestId("statistics-table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(r).toBeVisible();
  // a number and its unit are held together by a no-break space
  return (await r.getByRole("cell").allInnerTexts()).map((text) => text.replaceAll("\u00a0", " "));
}

test("a system's statistics: charts, a row per project with zeros, the totals, and the CSV export", async ({ browser }) => {
  const page = await stellaPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Statistics", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/system/${SYSTEM}/statistics$`));
  await expect(page.getByTestId("statistics-table")).toBeVisible();
  // the default range: the first of the month through today (UTC)
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(`${today().slice(0, 7)}-01`);
  await expect(page.getByRole("textbox", { name: "To", exact: true })).toHaveValue(today());
  // total, success, error, not started, waiting, restarted, not deleted, documents, pages, e-invoices, with warnings, in,
  // out, average, max
  const invoices = await row(page, "Invoices");
  expect(invoices.slice(0, 7)).toEqual(["4", "2", "1", "1", "1", "1", "3"]);
  expect(invoices[7]).toBe("2");
  expect(invoices[13]).toMatch(/^\d+\.\d{3}$/);
  expect((await row(page, "Letters")).slice(0, 7)).toEqual(["3", "2", "0", "1", "1", "0", "3"]);
  expect(await row(page, "Empty project")).toEqual([
    ...["0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"],
    ...["0 B", "0 B", "0.000", "0.000"],
  ]);
  // issue 23: documents and pages are every one read, grouped as such (they sat under "OCR"); text files are read
  // without OCR, so no cell says any were read by OCR, as the CSV's OCR columns say 0
  const table = page.getByTestId("statistics-table");
  await expect(table.getByRole("columnheader", { name: "Read", exact: true })).toHaveAttribute("colspan", "2");
  await expect(table.getByRole("columnheader", { name: "OCR", exact: true })).toHaveCount(0);
  await expect(table.getByTestId("ocr-hint")).toHaveCount(0);
  // issue 25: no e-invoice among them: the column says 0, and no breakdown is shown
  await expect(table.getByRole("columnheader", { name: "E-invoices", exact: true })).toHaveAttribute("colspan", "2");
  await expect(page.getByTestId("einvoice-breakdown")).toHaveCount(0);
  const totals = await page.getByTestId("statistics-total").getByRole("cell").allInnerTexts();
  expect(totals.slice(0, 7)).toEqual(["7", "4", "1", "2", "2", "1", "6"]);
  // the charts are drawn, each a figure with its title
  for (const chart of ["chart-outcome", "chart-pages", "chart-share"]) {
    await expect(page.getByTestId(chart).locator("svg.recharts-surface[role=application]")).toBeVisible();
  }
  // today's column: successful, failed and others stacked
  await expect(page.getByTestId("chart-outcome").locator(".recharts-bar-rectangle path")).toHaveCount(3);
  await expect(page.getByTestId("chart-share").locator(".recharts-pie-sector")).toHaveCount(2);
  await expect(page.getByRole("figure", { name: "Jobs per day by outcome" })).toBeVisible();
  await expect(page.getByTestId("chart-share")).toContainText("Invoices");
  await expectAccessible(page, "statistics");
  await shot(page, "120-statistics");
  await darkShot(page, "120-statistics");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statistics-csv").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statistics-${SYSTEM}-\\d{4}-\\d{2}-01-${today()}\\.csv$`));
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv.startsWith("\uFEFFProject,Total,Success,Error,Not started,Waiting,Restarted,Not deleted,Documents,Pages")).toBe(
    true,
  );
  expect(csv.split("\r\n")[0]).toMatch(
    /,OCR documents,OCR pages,E-invoices CII,E-invoices UBL,Profile MINIMUM,.*,Profile XRECHNUNG$/,
  );
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(5);
  expect(lines[4]).toMatch(/^Total,7,4,1,2,2,1,6,/);
});

test("the range: shortcuts, typed days, and an end before the start shows the message and queries nothing", async ({
  browser,
}) => {
  const page = await stellaPage(browser);
  await page.goto(`/system/${SYSTEM}/statistics`);
  await page.getByTestId("statistics-last-month").click();
  await expect(page).toHaveURL(/\?start=\d{4}-\d{2}-01&end=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId("statistics-empty")).toBeVisible();
  expect((await row(page, "Invoices")).slice(0, 3)).toEqual(["0", "0", "0"]);
  await expect(page.getByTestId("chart-share")).toContainText("No data in this range.");
  await shot(page, "121-statistics-last-month");

  // typed: the end before the start
  await page.getByRole("textbox", { name: "From", exact: true }).fill(today());
  await page.getByRole("textbox", { name: "To", exact: true }).fill("2020-01-01");
  await expect(page.getByTestId("statistics-range-error")).toHaveText("The end of the range is before its start.");
  await expect(page.getByTestId("statistics-show")).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "To", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "statistics invalid range");
  await shot(page, "122-statistics-invalid-range");
  // not a day
  await page.getByRole("textbox", { name: "To", exact: true }).fill("2020-13-01");
  await expect(page.getByTestId("statistics-range-error")).toHaveText("To: enter a day as YYYY-MM-DD.");
  // a valid one: today alone
  await page.getByRole("textbox", { name: "To", exact: true }).fill(today());
  await page.getByTestId("statistics-show").click();
  await expect(page).toHaveURL(new RegExp(`\\?start=${today()}&end=${today()}$`));
  await expect.poll(async () => (await row(page, "Invoices")).slice(0, 1)).toEqual(["4"]);
  await page.getByTestId("statistics-current-month").click();
  await expect(page).toHaveURL(new RegExp(`\\?start=${today().slice(0, 7)}-01&end=${today()}$`));

  // an invalid range in the URL: the message, and no table
  await page.goto(`/system/${SYSTEM}/statistics?start=${today()}&end=2020-01-01`);
  await expect(page.getByTestId("statistics-range-error")).toHaveText("The end of the range is before its start.");
  await expect(page.getByTestId("statistics-table")).toHaveCount(0);
  await expect(page.getByTestId("statistics-skeleton")).toHaveCount(0);
});

test("a project's long-running jobs, each opening its details in the job monitor", async ({ browser }) => {
  const page = await stellaPage(browser);
  await page.goto(`/system/${SYSTEM}/statistics`);
  await page.getByTestId("statistics-table").getByRole("link", { name: "Invoices" }).click();
  await expect(page).toHaveURL(new RegExp(`/statistics/longrunningjobs/${invoicesId}\\?start=`));
  await expect(page.getByTestId("long-running-project")).toHaveText("Long-running jobs of Invoices");
  // the removed job's run still counts; the waiting job has none
  await expect(page.getByTestId("long-running-row")).toHaveCount(3);
  const seconds = await page.getByTestId("long-running-row").locator("td:last-child").allInnerTexts();
  expect(seconds.map(Number)).toEqual([...seconds.map(Number)].sort((a, b) => b - a));
  await expectAccessible(page, "long-running jobs");
  await shot(page, "123-statistics-long-running");
  await darkShot(page, "123-statistics-long-running");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("long-running-csv").click()]);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFJob id,Client,Client info,Duration (s)");
  const first = page.getByTestId("long-running-row").first().getByRole("link");
  const id = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/jobmonitor/details/${id}$`));
  await page.goBack();
  await page.getByTestId("statistics-back").click();
  await expect(page).toHaveURL(new RegExp(`/system/${SYSTEM}/statistics\\?start=`));
});

test("in German: headings, numbers and the charts' dates in the user's language, both themes", async ({ browser }) => {
  const page = await stellaPage(browser, "de-DE");
  await page.goto(`/system/${SYSTEM}/statistics`);
  await expect(page.getByRole("heading", { name: "Statistik" })).toBeVisible();
  await expect(page.getByTestId("statistics-table").getByRole("columnheader", { name: "Nicht gestartet" })).toBeVisible();
  const invoices = await row(page, "Invoices");
  expect(invoices[13]).toMatch(/^\d+,\d{3}$/);
  await expect(page.getByTestId("statistics-table").getByRole("columnheader", { name: "Gelesen", exact: true })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Jobs pro Tag nach Ergebnis" })).toBeVisible();
  const [day, month] = [today().slice(8, 10), today().slice(5, 7)];
  // the last day's tick (recharts keeps the end) in German: DD.MM.
  await expect(
    page.getByTestId("chart-outcome").locator(".recharts-cartesian-axis-tick-value", { hasText: `${day}.${month}.` }),
  ).toBeVisible();
  await expectAccessible(page, "statistics de");
  await shot(page, "124-statistics-de");
  await darkShot(page, "124-statistics-de");
  await page.getByTestId("statistics-table").getByRole("link", { name: "Letters" }).click();
  await expect(page.getByTestId("long-running-project")).toHaveText("Lang laufende Jobs von Letters");
  await shot(page, "125-statistics-long-running-de");
});

test("the admin portal: a row per system, the Supersystem first, and its charts", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Statistics", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/statistics$/);
  await expect(page.getByTestId("statistics-row").first().getByRole("rowheader")).toHaveText("Supersystem");
  expect((await row(page, SYSTEM)).slice(0, 7)).toEqual(["7", "4", "1", "2", "2", "1", "6"]);
  await expect(page.getByTestId("chart-share")).toContainText(SYSTEM);
  await expectAccessible(page, "admin statistics");
  await shot(page, "126-admin-statistics");
  await darkShot(page, "126-admin-statistics");
  // a tenant's user has no admin portal; the tenant's statistics stay closed to a user without the permission
  const token = await apiToken(page, STELLA.name, STELLA.password, SYSTEM);
  const res = await page.request.get("/api/v3/statistics/summary", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});
