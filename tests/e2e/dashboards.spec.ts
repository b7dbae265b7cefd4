import { ADMIN_PASSWORD } from "../../playwright.config";
import { makeLicenceFile } from "../fixtures/licence";
import { textPng } from "../fixtures/ocr-images";
import { sampleEsproject } from "../fixtures/project";
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures";
import {
  ADMIN_PASSWORD_CHANGED,
  adminToken,
  darkShot,
  expectAccessible,
  shot,
  signIn,
  type TenantUser,
  tenantPage,
} from "./helpers";

test.describe.configure({ mode: "serial" });

// Issue 12: both dashboards with jobs in every state a job can be seen in: Ready (one of them removed later), Error,
// Processing (a long OCR job), Waiting (held by maintenance mode); New and Assigned last only a moment here (the
// integration tests make them in the database: tests/integration/dashboard.test.ts).
const SYSTEM = "Dashco";
const OTHER = "Otherco";
const ADMIN_OF_SYSTEM: TenantUser = { name: "dora", password: "Dora-Passw0rd!" };
const CREATOR: TenantUser = { name: "cody", password: "Cody-Passw0rd!" };
const OTHER_ADMIN: TenantUser = { name: "olga", password: "Olga-Passw0rd!" };
const LICENCE = { id: `E2E-DASH-${Date.now()}`, name: "Dashco pages", expiration: day(12) };
const INVOICE = "INVOICE\nInvoice No. INV-1\nTotal: EUR 10,00\nDate: 2025-03-15";

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

type Job = { id: number; auth: string };
let slowJob: Job;
let admin: Record<string, string>;

async function post(request: APIRequestContext, key: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  // several files go as repeated "file" parts
  const form = new FormData();
  for (const f of files) form.append("file", new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  form.append("meta", JSON.stringify({ client: "e2e-dashboard" }));
  const res = await request.post(`/api/jobs?auth=${key}`, { multipart: form });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Job;
}

async function stateOf(request: APIRequestContext, job: Job): Promise<string> {
  return (await (await request.get(`/api/jobs/${job.id}?auth=${job.auth}`)).json()).state;
}

async function until(request: APIRequestContext, job: Job, state: string, timeout = 60_000) {
  await expect.poll(() => stateOf(request, job), { timeout, intervals: [200] }).toBe(state);
}

/** A tenant with its users and one project; its submission key. */
async function tenant(request: APIRequestContext, name: string, users: [TenantUser, string[]][], licenceId?: string) {
  const made = await request.post("/api/systems", { headers: admin, data: { name, licenceId } });
  expect(made.status(), await made.text()).toBe(200);
  const systemId = (await made.json()).id as string;
  for (const [user, roles] of users) {
    const res = await request.post("/api/users/register", {
      headers: admin,
      data: { systemName: name, name: user.name, password: user.password, roles, requiresPasswordChange: false },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const project = await request.post("/api/v3/projects", {
    headers: admin,
    multipart: {
      meta: JSON.stringify({ name: "Invoices", systemId }),
      esproject: { name: "invoices.esproject", mimeType: "application/zip", buffer: Buffer.from(sampleEsproject()) },
    },
  });
  expect(project.status(), await project.text()).toBe(200);
  const key = await request.get(`/api/v3/projects/${(await project.json()).id}/submissionKey`, { headers: admin });
  return (await key.json()).submissionKey as string;
}

const maintenance = (request: APIRequestContext, on: boolean) =>
  request.put("/api/v3/config/service", { headers: admin, data: { isMaintenanceModeEnabled: on } });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext()).newPage();
  const { request } = page;
  admin = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  const licence = await request.post("/api/v3/licences", {
    headers: admin,
    data: {
      base64Licence: makeLicenceFile({
        ...LICENCE,
        features: [{ id: "Pages", status: "Limited", limit: 40, expiration: null }],
      }),
    },
  });
  expect(licence.status(), await licence.text()).toBe(200);
  const key = await tenant(
    request,
    SYSTEM,
    [
      [ADMIN_OF_SYSTEM, ["Administrator"]],
      [CREATOR, ["JobCreator"]],
    ],
    LICENCE.id,
  );
  const otherKey = await tenant(request, OTHER, [[OTHER_ADMIN, ["Administrator"]]]);

  // ended: three Ready (one removed afterwards), one Error (a PDF that is none); the other tenant's two Ready
  const text = (i: number) => [{ name: `invoice-${i}.txt`, mimeType: "text/plain", buffer: Buffer.from(INVOICE) }];
  const ready = [await post(request, key, text(1)), await post(request, key, text(2)), await post(request, key, text(3))];
  const failed = await post(request, key, [
    { name: "broken.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 no") },
  ]);
  const others = [await post(request, otherKey, text(4)), await post(request, otherKey, text(5))];
  for (const job of [...ready, ...others]) await until(request, job, "Ready");
  await until(request, failed, "Error");
  const removed = await request.delete(`/api/jobs/${ready[0]?.id}`, { headers: admin });
  expect(removed.status(), await removed.text()).toBe(204);

  // in processing: a long OCR job (many scanned pages of text), seen Processing before maintenance mode holds the rest
  const lines = Array.from({ length: 30 }, (_, i) => `Line ${i} of a long scanned letter with many words in it`);
  const pages = Array.from({ length: 24 }, (_, i) => ({
    name: `scan-${i}.png`,
    mimeType: "image/png",
    buffer: Buffer.from(textPng(lines)),
  }));
  slowJob = await post(request, key, pages);
  await until(request, slowJob, "Processing");
  expect((await maintenance(request, true)).status()).toBe(200);
  // waiting: held by maintenance mode
  for (let i = 0; i < 3; i++) await post(request, key, text(10 + i));
  await page.context().close();
});

test.afterAll(async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  admin = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  await maintenance(page.request, false);
  await page.context().close();
});

async function adminPage(browser: Browser, locale: "en-US" | "de-DE"): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto("/admin/login");
  if (locale === "de-DE") {
    await page.getByLabel("Benutzername").fill("admin");
    await page.getByLabel("Passwort", { exact: true }).fill(ADMIN_PASSWORD_CHANGED);
    await page.getByRole("button", { name: "Anmelden" }).click();
  } else {
    await signIn(page, "admin", ADMIN_PASSWORD_CHANGED);
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
  await page.reload();
  return page;
}

const figure = (page: Page, id: string) => page.getByTestId(id);

/** Screenshots in both themes, the pointer off the page (no hover colours). */
async function shots(page: Page, name: string, dark = true): Promise<void> {
  await page.mouse.move(0, 0);
  await shot(page, name);
  if (dark) await darkShot(page, name);
}

test("the admin dashboard: jobs by outcome per system, the queue, processing and licences; figures open their lists", async ({
  browser,
}) => {
  const page = await adminPage(browser, "en-US");
  // welcome, roles and API base URL stay
  await expect(page.getByTestId("welcome")).toBeVisible();
  await expect(page.getByTestId("api-base-url")).toBeVisible();

  // the slow job is still in processing (it was seen Processing before maintenance mode went on)
  expect(await stateOf(page.request, slowJob)).toBe("Processing");
  await expect(figure(page, "queue-processing")).toHaveText("1");
  await expect(figure(page, "queue-waiting")).toHaveText("3");
  await expect(figure(page, "queue-oldest")).not.toHaveText("none");
  // today: Dashco 8 (3 ready, 1 error, 1 in processing, 3 waiting), Otherco 2
  await expect(figure(page, "jobs-today-created")).toHaveText("10");
  await expect(figure(page, "jobs-today-successful")).toHaveText("5");
  await expect(figure(page, "jobs-today-failed")).toHaveText("1");
  await expect(figure(page, "jobs-today-notStarted")).toHaveText("3");
  const dashco = page.getByTestId("jobs-row").filter({ hasText: SYSTEM });
  await expect(dashco.getByRole("cell")).toHaveText(["8", "3", "1", "8", "3", "1"]);
  await expect(page.getByTestId("jobs-row").filter({ hasText: OTHER }).getByRole("cell")).toHaveText([
    "2",
    "2",
    "0",
    "2",
    "2",
    "0",
  ]);
  await expect(page.getByTestId("maintenance-state")).toContainText("on");
  await expect(figure(page, "workers-connected")).toHaveText("1");
  await expect(page.getByTestId("worker-processes")).toContainText("embedded");
  await expect(page.getByTestId("licences-list")).toContainText(LICENCE.name);
  await expect(page.getByTestId("licences-list")).toContainText("Expires in 12 days");
  await expectAccessible(page, "admin dashboard");
  await shots(page, "90-admin-dashboard");

  // the totals open the statistics of their range; a system's figure its job monitor (as deputy), filtered
  await expect(figure(page, "jobs-week-created-link")).toHaveAttribute(
    "href",
    `/admin/statistics?start=${day(-6)}&end=${day(0)}`,
  );
  await figure(page, "jobs-week-created-link").click();
  await expect(page.locator("#range-start")).toHaveValue(day(-6));
  await expect(page.getByTestId("statistics-row").filter({ hasText: SYSTEM })).toContainText("8");
  await page.goto("/admin/dashboard");
  await page
    .getByTestId("queue-row")
    .filter({ hasText: SYSTEM })
    .getByRole("link", { name: /Waiting/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/system/${SYSTEM}/jobmonitor\\?state=Waiting$`));
  const table = page.getByTestId("jobs-table");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table.locator("tbody tr").filter({ hasText: "Waiting" })).toHaveCount(3);

  await page.goto("/admin/dashboard");
  await dashco.getByRole("link", { name: /Today.*Failed/ }).click();
  await expect(page).toHaveURL(/state=Error&createdstart=/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("Error");

  await page.goto("/admin/dashboard");
  await page.getByTestId("licences-list").getByRole("link", { name: LICENCE.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/licence/${LICENCE.id}$`));
});

test("the admin dashboard in German", async ({ browser }) => {
  const page = await adminPage(browser, "de-DE");
  await expect(page.getByRole("heading", { name: "Warteschlange" })).toBeVisible();
  await expect(page.getByTestId("maintenance-state")).toContainText("an");
  await expect(figure(page, "jobs-today-created")).toHaveText("10");
  await expectAccessible(page, "admin dashboard (de)");
  await shots(page, "91-admin-dashboard-de");
});

test("a system's dashboard: its own jobs per project, queue and licence only; figures open the job monitor filtered", async ({
  browser,
}) => {
  const page = await tenantPage(browser, SYSTEM, ADMIN_OF_SYSTEM);
  await expect(figure(page, "jobs-today-created")).toHaveText("8");
  await expect(figure(page, "jobs-today-successful")).toHaveText("3");
  await expect(figure(page, "jobs-today-failed")).toHaveText("1");
  await expect(figure(page, "jobs-today-notStarted")).toHaveText("3");
  await expect(figure(page, "queue-waiting")).toHaveText("3");
  await expect(page.getByTestId("jobs-row")).toHaveCount(1);
  await expect(page.getByTestId("jobs-row")).toContainText("Invoices");
  await expect(page.getByTestId("service-card")).not.toContainText("Slots busy");
  await expect(page.getByTestId("licences-list")).toContainText(LICENCE.name);
  await expect(page.getByTestId("licence-features")).toContainText("Pages:");
  await expect(page.getByTestId("jobs-statistics")).toHaveAttribute(
    "href",
    `/system/${SYSTEM}/statistics?start=${day(-6)}&end=${day(0)}`,
  );
  await expectAccessible(page, "system dashboard");
  await shots(page, "92-system-dashboard");

  // Successful today: the job monitor with state Ready and today's created range, the removed job not among them
  await figure(page, "jobs-today-successful-link").click();
  await expect(page).toHaveURL(/\/jobmonitor\?state=Ready&createdstart=\d{4}-\d\d-\d\dT00%3A00%3A00.000Z&createdend=/);
  const table = page.getByTestId("jobs-table");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await page.goto(`/system/${SYSTEM}/dashboard`);
  await figure(page, "jobs-today-created-link").click();
  await expect(page).toHaveURL(/includedeleted=true/);
  await expect(table.locator("tbody tr")).toHaveCount(8);
  await page.goto(`/system/${SYSTEM}/dashboard`);
  await figure(page, "queue-processing-link").click();
  await expect(page).toHaveURL(/state=Assigned%2CProcessing$/);
  await page.goto(`/system/${SYSTEM}/dashboard`);
  await page.getByTestId("jobs-statistics").click();
  await expect(page.locator("#range-end")).toHaveValue(day(0));
  await expect(page.getByTestId("statistics-row").filter({ hasText: "Invoices" })).toContainText("8");
  await page.goto(`/system/${SYSTEM}/dashboard`);
  await page.getByTestId("licences-list").getByRole("link", { name: LICENCE.name }).click();
  await expect(page).toHaveURL(new RegExp(`/system/${SYSTEM}/licence$`));
});

test("a system's dashboard in German; the other tenant sees only its own figures; a job creator sees no job figures", async ({
  browser,
}) => {
  const page = await tenantPage(browser, SYSTEM, ADMIN_OF_SYSTEM, "de-DE");
  // the sign-in applied the user's saved language (English); the cookie of the browser's shows the page in German
  await page.reload();
  await expect(page.getByRole("heading", { name: "Warteschlange" })).toBeVisible();
  await expect(figure(page, "jobs-today-created")).toHaveText("8");
  await expectAccessible(page, "system dashboard (de)");
  await shots(page, "93-system-dashboard-de");

  const other = await tenantPage(browser, OTHER, OTHER_ADMIN);
  await expect(figure(other, "jobs-today-created")).toHaveText("2");
  await expect(figure(other, "queue-waiting")).toHaveText("0");
  await expect(figure(other, "queue-processing")).toHaveText("0");
  await expect(other.getByTestId("licences-empty")).toContainText("no licence");
  await shots(other, "94-system-dashboard-other", false);

  const creator = await tenantPage(browser, SYSTEM, CREATOR);
  await expect(creator.getByTestId("welcome")).toBeVisible();
  await expect(creator.getByTestId("service-card")).toBeVisible();
  await expect(creator.getByTestId("jobs-card")).toHaveCount(0);
  await expect(creator.getByTestId("queue-card")).toHaveCount(0);
  await expect(creator.getByTestId("licences-card")).toHaveCount(0);
  await expectAccessible(creator, "system dashboard (job creator)");
  await shots(creator, "95-system-dashboard-creator", false);
});
