import { ADMIN_PASSWORD } from "../../playwright.config";
import { sampleEsproject } from "../fixtures/project";
import { type Browser, expect, type Locator, type Page, test } from "./fixtures";
import { adminPage, adminToken, darkShot, expectAccessible, shot, signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

/** A valid system name of the maximum length (spec foundation §5: letters and digits, at most 100). */
const longName = (start: string) => (start + "Lorem7Ipsum3Dolor9Sit".repeat(5)).slice(0, 100);
const WIDE = longName("Wide");
const VAST = longName("Vast");
const LENA = { name: "lena", password: "Lena-Passw0rd!", fullName: `Lena${"Longfullname".repeat(16)}`.slice(0, 200) };
const LONG_USER = longName("U");
/** A user of WIDE without ManageProjects, ManageUsers or ManageJobs. */
const MONA = { name: "mona", password: "Mona-Passw0rd!" };
/** An admin-portal user without the deputy's right (ManageSystems) and without ManageAdminUsers. */
const RITA = { name: "rita", password: "Rita-Passw0rd!" };
const EMPTY_FILTERED_DE = "Keine Jobs entsprechen dem Filter.";

async function lenaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto(`/login?system=${WIDE}`);
  await signIn(page, LENA.name, LENA.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function monaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto(`/login?system=${WIDE}`);
  await signIn(page, MONA.name, MONA.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function ritaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto("/admin/login");
  await signIn(page, RITA.name, RITA.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

/** The language of the next page loads (the cookie the language chooser sets). */
async function switchLanguage(page: Page, locale: "en-US" | "de-DE"): Promise<void> {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
}

/** Nothing on the page is wider than the window (a long name must not push the layout sideways). */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, `${label}: page width`).toBeLessThanOrEqual(width);
}

/**
 * Every text cut in the table fills its cell: its column got all the room the table could give it (a name is cut only
 * when the table runs out of width, components/data-table/cell-text.tsx), not a fixed width inside a wider cell.
 */
async function expectCutTextsFillTheirCells(table: Locator, label: string): Promise<void> {
  const cut = await table.evaluate((t) =>
    [...t.querySelectorAll("[data-truncated]")].map((text) => {
      const cell = text.closest("td, th") as HTMLElement;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: (text.textContent ?? "").slice(0, 24), room, width: text.getBoundingClientRect().width };
    }),
  );
  // + 1: sub-pixel widths round either way
  for (const c of cut)
    expect(c.width + 1, `${label}: "${c.text}…" is cut in a cell ${c.room} px wide`).toBeGreaterThanOrEqual(c.room);
}

/** The table fits its box: no sideways scroll inside it. */
async function expectTableFits(table: Locator, label: string): Promise<void> {
  const box = await table.evaluate((t) => {
    const scroller = t.parentElement as HTMLElement;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  expect(box.scroll, label).toBeLessThanOrEqual(box.client + 1);
}

/** Tab presses from page load until the focus is in the first row of the job table (Enter on the skip link). */
async function tabsToFirstJobRow(page: Page): Promise<number> {
  for (let presses = 1; presses <= 100; presses++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      const firstRow = document.querySelector("[data-testid=jobs-table] tbody tr");
      return { skip: active?.getAttribute("href") === "#main", row: !!firstRow && !!active && firstRow.contains(active) };
    });
    if (where.row) return presses;
    if (where.skip) await page.keyboard.press("Enter");
  }
  return Number.POSITIVE_INFINITY;
}

test.beforeAll(async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const headers = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  for (const [name, isActive] of [
    [WIDE, true],
    [VAST, false],
  ] as const) {
    const res = await page.request.post("/api/systems", { headers, data: { name, isActive, description: "D".repeat(300) } });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const user of [
    { name: LENA.name, fullName: LENA.fullName, password: LENA.password, roles: ["Administrator"] },
    { name: LONG_USER, fullName: "Ulrike Lang", password: LENA.password, roles: ["JobManager"] },
    { name: MONA.name, fullName: "Mona Monitor", password: MONA.password, roles: ["MonitorUser"] },
  ]) {
    const res = await page.request.post("/api/users/register", {
      headers,
      data: { systemName: WIDE, requiresPasswordChange: false, ...user },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const rita = await page.request.post("/api/users/register", {
    headers,
    data: { systemName: "Supersystem", ...RITA, roles: ["ReportAdmin"], requiresPasswordChange: false },
  });
  expect(rita.status(), await rita.text()).toBe(200);
  // a project with a long name and three jobs with long client texts, posted by lena
  const login = await page.request.post("/api/auth/login", {
    data: { systemName: WIDE, userName: LENA.name, password: LENA.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const holder = (await login.json()) as { token: string; systemId: string };
  const lena = { authorization: `Bearer ${holder.token}` };
  const projectName = `Project${"Verylongname".repeat(16)}`.slice(0, 200);
  const project = await page.request.post("/api/v3/projects", {
    headers: lena,
    multipart: {
      esproject: {
        name: "long.esproject",
        mimeType: "application/zip",
        buffer: Buffer.from(sampleEsproject({ name: projectName })),
      },
      meta: JSON.stringify({ systemId: holder.systemId, name: projectName }),
    },
  });
  expect(project.status(), await project.text()).toBe(200);
  const projectId = ((await project.json()) as { id: string }).id;
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post("/api/jobs", {
      headers: lena,
      multipart: {
        file: {
          name: `letter-${i}.txt`,
          mimeType: "text/plain",
          buffer: Buffer.from("Dear Sir,\nSubject: Note\nYours sincerely"),
        },
        meta: JSON.stringify({ projectId, client: `Client${"x".repeat(120)}`, clientInfo: "I".repeat(300) }),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
});

test("a 100-character system name takes the room the list has, is cut with a tooltip where it has none, wraps in the delete dialog and fits the dashboards", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/systems");
  const table = admin.getByTestId("systems-table");
  const row = table.getByRole("row", { name: new RegExp(VAST) });
  const name = row.getByRole("link", { name: VAST });
  await expect(row).toContainText("Standalone");
  // at 1280 px and narrower: a name is cut only where the table has no more room (a cut name fills its cell), and the
  // table fits its box (no sideways scroll)
  for (const width of [1280, 1024]) {
    await admin.setViewportSize({ width, height: 800 });
    await expectCutTextsFillTheirCells(table, `systems at ${width} px`);
    await expectTableFits(table, `systems at ${width} px`);
    await expectNoSidewaysScroll(admin, `systems list at ${width} px`);
    await shot(admin, `60-systems-long-name-${width}`);
  }
  // narrow, the name is cut, and the whole name shows on keyboard focus
  await expect(name).toHaveAttribute("data-truncated", "true");
  await name.focus();
  await expect(admin.getByRole("tooltip")).toContainText(VAST);
  await expectAccessible(admin, "systems list, tooltip open");
  await shot(admin, "60-systems-long-name");
  await admin.setViewportSize({ width: 1280, height: 800 });

  // the delete dialog wraps the name and keeps Cancel and Delete inside it and on screen
  await admin.keyboard.press("Escape");
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText(`Delete system ${VAST}?`);
  const dialogBox = await dialog.boundingBox();
  const viewport = admin.viewportSize();
  expect(dialogBox && viewport).toBeTruthy();
  for (const label of ["Cancel", "Delete"]) {
    const button = await dialog.getByRole("button", { name: label }).boundingBox();
    expect(button, label).not.toBeNull();
    if (!button || !dialogBox || !viewport) continue;
    expect(button.x).toBeGreaterThanOrEqual(dialogBox.x);
    expect(button.x + button.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
  }
  await expectAccessible(admin, "delete dialog");
  await shot(admin, "61-delete-dialog-long-name");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // the admin dashboard lists it in the system portals card without overflowing the card
  await admin.goto("/admin/dashboard");
  const portals = admin.getByTestId("system-portals");
  for (const system of [WIDE, VAST]) {
    const link = portals.getByRole("link", { name: `Open the portal of ${system}` });
    await expect(link).toBeVisible();
    // link and card measured in one frame: the dashboard's other cards stream in and move this one meanwhile
    const overflow = await link.evaluate((a) => {
      const card = (a.closest("[data-slot=card]") as HTMLElement).getBoundingClientRect();
      return a.getBoundingClientRect().right - card.right;
    });
    expect(overflow, system).toBeLessThanOrEqual(0);
  }
  await expectNoSidewaysScroll(admin, "admin dashboard");
  await shot(admin, "62-admin-dashboard-long-names");

  // the system dashboard: header "System: …" cut, welcome with a 200-character full name wrapped
  const lena = await lenaPage(browser);
  await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  await expect(lena.getByTestId("welcome")).toHaveText(`Welcome, ${LENA.fullName}!`);
  await expectNoSidewaysScroll(lena, "system dashboard");
  await expectAccessible(lena, "system dashboard");
  await shot(lena, "63-system-dashboard-long-names");
  await lena.goto(`/system/${WIDE}/users`);
  const users = lena.getByTestId("users-table");
  await expect(users.getByRole("link", { name: LONG_USER })).toBeVisible();
  await expectCutTextsFillTheirCells(users, "users");
  await expectNoSidewaysScroll(lena, "users list");
  await shot(lena, "64-users-long-name");
  // the job monitor: the 200-character project name and the client texts
  await lena.goto(`/system/${WIDE}/jobmonitor`);
  const jobs = lena.getByTestId("jobs-table");
  await expect(jobs.locator("tbody tr")).toHaveCount(3);
  await expectCutTextsFillTheirCells(jobs, "jobs");
  await expectNoSidewaysScroll(lena, "job monitor");
});

test("keyboard: the first job row is at most 15 Tab presses away; the filter panel opens with filters; a date-time bound is one stop", async ({
  browser,
}) => {
  const lena = await lenaPage(browser);
  await lena.goto(`/system/${WIDE}/jobmonitor`);
  await expect(lena.getByTestId("jobs-table").locator("tbody tr")).toHaveCount(3);
  const toggle = lena.getByTestId("job-filters-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(lena.getByTestId("job-filters")).toBeHidden();
  const presses = await tabsToFirstJobRow(lena);
  expect(presses).toBeLessThanOrEqual(15);
  await expect(lena.getByTestId("jobs-table").locator("tbody tr").first().getByRole("checkbox")).toBeFocused();
  await expectNoSidewaysScroll(lena, "job monitor");

  // each date-time bound is one tab stop; the end before the start is refused under its field
  await toggle.click();
  const start = lena.getByLabel("Created From");
  const end = lena.getByLabel("Created To");
  await start.focus();
  await lena.keyboard.press("Tab");
  await expect(end).toBeFocused();
  await start.pressSequentially("202503151000");
  await expect(start).toHaveValue("2025-03-15 10:00");
  await end.fill("2025-03-14");
  await expect(lena.getByTestId("filter-created")).toContainText("Created: invalid: end before start");
  await expect(lena.getByTestId("job-search")).toBeDisabled();
  await end.fill("2025-03-15 2x");
  await expect(lena.getByTestId("filter-created")).toContainText("not a valid date and time");
  await end.fill("2099-12-31");
  await expect(lena.getByTestId("filter-created")).not.toContainText("invalid");
  await lena.getByTestId("job-search").click();
  await expect(lena).toHaveURL(/createdstart=.*createdend=/);
  await expect(lena.getByTestId("jobs-table").locator("tbody tr")).toHaveCount(3);

  // a URL with filters opens the panel, and shows the filter in the same format
  await lena.reload();
  await expect(lena.getByTestId("job-filters-toggle")).toHaveAttribute("aria-expanded", "true");
  await expect(lena.getByTestId("job-filters-toggle")).toContainText("2 active");
  await expect(lena.getByLabel("Created From")).toHaveValue("2025-03-15 10:00:00");
  await expect(lena.getByLabel("Created To")).toHaveValue("2099-12-31 23:59:59");
});

test("what is typed in the job filters while their search loads stays when it arrives; back takes the URL's filters", async ({
  browser,
}) => {
  const lena = await lenaPage(browser);
  await lena.goto(`/system/${WIDE}/jobmonitor`);
  await lena.getByTestId("job-filters-toggle").click();
  const panel = lena.locator("#job-filter-panel");
  // the answer to the first search comes late, so that the next edit lands while it loads
  let held = false;
  await lena.route(
    (url) => url.pathname.endsWith("/jobmonitor") && url.searchParams.get("client") === "Client",
    async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue();
    },
  );
  const client = panel.getByLabel("Client", { exact: true });
  const info = panel.getByLabel("Info", { exact: true });
  await client.fill("Client");
  await panel.getByRole("button", { name: "Search" }).click();
  await info.fill("typed meanwhile");
  await expect(lena).toHaveURL(/client=Client/);
  expect(held).toBe(true);
  await expect(lena.getByTestId("jobs-table").locator("tbody tr")).toHaveCount(3);
  await expect(info).toHaveValue("typed meanwhile");
  await expect(client).toHaveValue("Client");
  // back: the form shows the URL's filters again
  await lena.goBack();
  await expect(lena).not.toHaveURL(/client=/);
  await expect(client).toHaveValue("");
  await expect(info).toHaveValue("");
});

test("the job monitor shows its skeleton while the jobs load", async ({ browser }) => {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  // the router shows loading.tsx at once when it has prefetched it (Link prefetches in view and on hover): the link's
  // own prefetch, not the route tree's (`next-router-segment-prefetch: /_tree`) nor one of the dashboard's filtered
  // links to the job monitor, whose answers come first as often as not
  let prefetched = false;
  page.on("response", (response) => {
    const request = response.request();
    const headers = request.headers();
    const url = new URL(request.url());
    const own = url.pathname.endsWith("/jobmonitor") && [...url.searchParams.keys()].every((key) => key === "_rsc");
    if (headers["next-router-prefetch"] && !headers["next-router-segment-prefetch"] && own) prefetched = true;
  });
  await page.goto(`/login?system=${WIDE}`);
  await signIn(page, LENA.name, LENA.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const link = page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Job monitor" });
  await link.hover();
  await expect.poll(() => prefetched).toBe(true);
  // hold the navigation's answer (not a prefetch) until the skeleton has been seen
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/jobmonitor/, async (route) => {
    const headers = route.request().headers();
    if (headers.rsc && !headers["next-router-prefetch"]) await held;
    await route.continue();
  });
  try {
    await link.click();
    await expect(page.getByTestId("job-monitor-skeleton")).toBeVisible();
    await shot(page, "65-job-monitor-skeleton");
  } finally {
    // a held answer would keep the page (and the test's end) waiting
    release();
  }
  await expect(page.getByTestId("jobs-table").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("job-monitor-skeleton")).toHaveCount(0);
});

test("a not-found inside a portal and the API reference keep the portal's shell and a way back", async ({ browser }) => {
  const lena = await lenaPage(browser);
  const nav = lena.getByRole("navigation", { name: "Navigation" });
  for (const path of [`/system/${WIDE}/jobmonitor/details/999999`, `/system/${WIDE}/nope`, `/system/${WIDE}/users/nope`]) {
    const res = await lena.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(lena.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Job monitor" })).toBeVisible();
    await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  }
  await expectAccessible(lena, "system not found");
  await shot(lena, "65-system-not-found");
  await lena.getByRole("button", { name: "Back" }).click();
  await expect(lena).toHaveURL(new RegExp(`/system/${WIDE}/nope$`));

  await lena.goto("/apidocs");
  await expect(lena.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
  await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  await expectAccessible(lena, "api reference in the system portal");
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(lena).toHaveURL(/\/dashboard$/);

  const admin = await adminPage(browser);
  const res = await admin.goto("/admin/nope");
  expect(res?.status()).toBe(404);
  await expect(admin.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(admin.getByTestId("portal-label")).toHaveText("Administration");
  await expect(admin.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Systems" })).toBeVisible();
  await expectAccessible(admin, "admin not found");
  await shot(admin, "66-admin-not-found");
  await admin.goto("/apidocs");
  await expect(admin.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(admin.getByTestId("portal-label")).toHaveText("Administration");
  await shot(admin, "67-api-reference-admin");

  // a visitor who is not signed in reads it with a way to sign in
  const visitor = await (await browser.newContext({ locale: "en-US" })).newPage();
  await visitor.goto("/apidocs");
  await expect(visitor.getByRole("heading", { name: "API reference" })).toBeVisible();
  await visitor.getByTestId("sign-in-link").click();
  await expect(visitor).toHaveURL(/\/login$/);
});

test("another system's URL is not found inside one's own portal, never a silent move; admins may open every system", async ({
  browser,
}) => {
  const lena = await lenaPage(browser);
  const nav = lena.getByRole("navigation", { name: "Navigation" });
  // an existing system of another tenant and one that does not exist look the same
  for (const path of [`/system/${VAST}/dashboard`, "/system/NoSuchSystem/users", `/system/${VAST}/jobmonitor`]) {
    const res = await lena.goto(path);
    // the job monitor's list streams behind its skeleton (loading.tsx): its not-found comes after the status was sent
    if (!path.endsWith("/jobmonitor")) expect(res?.status(), path).toBe(404);
    await expect(lena).toHaveURL(new RegExp(`${path}$`));
    await expect(lena.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
    await expect(nav.getByRole("link", { name: "Job monitor" })).toHaveAttribute("href", `/system/${WIDE}/jobmonitor`);
  }
  await expectAccessible(lena, "another system's page");
  await shot(lena, "65-foreign-system-not-found");
  await darkShot(lena, "65-foreign-system-not-found");
  await switchLanguage(lena, "de-DE");
  await lena.reload();
  await expect(lena.getByRole("heading", { name: "Nicht gefunden" })).toBeVisible();
  await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  await shot(lena, "65-foreign-system-not-found-de");
  await darkShot(lena, "65-foreign-system-not-found-de");
  // another system's sign-in page while signed in: said so, not a silent move to one's own dashboard
  await lena.goto(`/login?system=${VAST}`);
  await expect(lena.getByTestId("signed-in-elsewhere")).toContainText(`Sie sind bei ${WIDE} angemeldet.`);
  await expectAccessible(lena, "another system's sign-in while signed in");
  await shot(lena, "65-login-other-system-de");
  await lena.getByRole("link", { name: "Mein Portal öffnen" }).click();
  await expect(lena).toHaveURL(new RegExp(`/system/${WIDE}/dashboard$`));
  await lena.goto(`/login?system=${VAST}`);
  await lena.getByRole("button", { name: "Abmelden" }).click();
  await expect(lena).toHaveURL(new RegExp(`/login\\?system=${VAST}$`));
  await expect(lena.getByTestId("signed-in-elsewhere")).toHaveCount(0);
  await expect(lena.locator("input[type=password]")).toBeVisible();

  // a super administrator opens a tenant's portal as its deputy
  const admin = await adminPage(browser);
  await admin.goto(`/system/${WIDE}/dashboard`);
  await expect(admin.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  await expect(admin.getByRole("heading", { name: "Not found" })).toHaveCount(0);

  // an admin-portal user without the deputy's right: not found inside the admin portal
  const rita = await ritaPage(browser);
  const res = await rita.goto(`/system/${WIDE}/dashboard`);
  expect(res?.status()).toBe(404);
  await expect(rita.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(rita.getByTestId("portal-label")).toHaveText("Administration");
  await shot(rita, "65-foreign-system-not-found-admin");
});

/** Access denied inside the portal's shell, the URL kept, with the way back and the way to the portal's dashboard. */
async function expectAccessDenied(page: Page, path: string, portalLabel: string, dashboard: string, status = 403) {
  const res = await page.goto(path);
  if (status) expect(res?.status(), path).toBe(status);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(page.getByTestId("portal-label")).toHaveText(portalLabel);
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByTestId("forbidden-dashboard")).toHaveAttribute("href", dashboard);
}

test("a tenant's user opening the admin portal, and anyone opening a page without its permission, sees access denied inside the own portal", async ({
  browser,
}) => {
  // a tenant's administrator: the admin portal is access denied inside its own system's portal (it landed on the own
  // dashboard without a word before)
  const lena = await lenaPage(browser);
  const nav = lena.getByRole("navigation", { name: "Navigation" });
  for (const path of ["/admin/dashboard", "/admin/users/add", "/admin/systems"]) {
    await expectAccessDenied(lena, path, `System: ${WIDE}`, `/system/${WIDE}/dashboard`);
    await expect(nav.getByRole("link", { name: "Job monitor" })).toHaveAttribute("href", `/system/${WIDE}/jobmonitor`);
  }
  await expectAccessible(lena, "the admin portal for a tenant's user");
  await shot(lena, "65-admin-portal-access-denied-tenant");
  await darkShot(lena, "65-admin-portal-access-denied-tenant");
  await switchLanguage(lena, "de-DE");
  await lena.reload();
  await expect(lena.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
  await expect(lena.getByTestId("forbidden-dashboard")).toHaveText("Zurück zur Übersicht");
  await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
  await shot(lena, "65-admin-portal-access-denied-tenant-de");
  await darkShot(lena, "65-admin-portal-access-denied-tenant-de");
  await lena.getByTestId("forbidden-dashboard").click();
  await expect(lena).toHaveURL(new RegExp(`/system/${WIDE}/dashboard$`));

  // an admin-portal user without a page's permission: access denied inside the admin portal (it went to /forbidden,
  // outside the portal, before)
  const rita = await ritaPage(browser);
  await expectAccessDenied(rita, "/admin/users", "Administration", "/admin/dashboard");
  await expect(rita.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Statistics" })).toBeVisible();
  await expectAccessible(rita, "an admin page without the permission");
  await shot(rita, "65-admin-page-access-denied");
  await darkShot(rita, "65-admin-page-access-denied");
  await rita.getByRole("button", { name: "Back" }).click();
  await expect(rita).toHaveURL(/\/admin\/dashboard$/);

  // a system portal's user without a page's permission: access denied inside the system's portal; the job monitor's
  // list streams behind its skeleton, so its answer comes after the status was sent
  const mona = await monaPage(browser);
  await expectAccessDenied(mona, `/system/${WIDE}/users`, `System: ${WIDE}`, `/system/${WIDE}/dashboard`);
  await expectAccessDenied(mona, `/system/${WIDE}/jobmonitor`, `System: ${WIDE}`, `/system/${WIDE}/dashboard`, 0);
  await expectAccessible(mona, "a system page without the permission");
  await switchLanguage(mona, "de-DE");
  await mona.goto(`/system/${WIDE}/users`);
  await expect(mona.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
  await shot(mona, "65-system-page-access-denied-de");
  await darkShot(mona, "65-system-page-access-denied-de");
});

test("the learn portal of another system is not found inside one's own portal; without ManageProjects access denied inside the system's", async ({
  browser,
}) => {
  const lena = await lenaPage(browser);
  const login = await lena.request.post("/api/auth/login", {
    data: { systemName: WIDE, userName: LENA.name, password: LENA.password },
  });
  const holder = (await login.json()) as { token: string; systemId: string };
  const made = await lena.request.post("/api/v3/learn/projects", {
    headers: { authorization: `Bearer ${holder.token}` },
    multipart: {
      esproject: {
        name: "mailroom.esproject",
        mimeType: "application/zip",
        buffer: Buffer.from(
          sampleEsproject({ type: "Learn", documentClasses: [], learn: { minClusterSize: 3, similarity: 0.5 } }),
        ),
      },
      meta: JSON.stringify({ systemId: holder.systemId, name: "Mailroom" }),
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const learnPortal = `/learn/${WIDE}/project/${((await made.json()) as { id: string }).id}`;
  await lena.goto(learnPortal);
  await expect(lena.getByTestId("learn-portal-label")).toContainText("Mailroom");

  // another tenant's learn portal, and one of a system that does not exist, look the same: not found inside lena's own
  // portal (it went to / and so to her dashboard before)
  const nav = lena.getByRole("navigation", { name: "Navigation" });
  for (const path of [learnPortal.replace(WIDE, VAST), `${learnPortal.replace(WIDE, "NoSuchSystem")}/cluster/1`]) {
    const res = await lena.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(lena).toHaveURL(new RegExp(`${path}$`));
    await expect(lena.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(lena.getByTestId("portal-label")).toHaveText(`System: ${WIDE}`);
    await expect(nav.getByRole("link", { name: "Learn projects" })).toHaveAttribute("href", `/system/${WIDE}/learnProjects`);
    await expect(lena.getByTestId("learn-portal-label")).toHaveCount(0);
  }
  await expectAccessible(lena, "another system's learn portal");
  await shot(lena, "65-foreign-learn-portal-not-found");
  await darkShot(lena, "65-foreign-learn-portal-not-found");
  await switchLanguage(lena, "de-DE");
  await lena.reload();
  await expect(lena.getByRole("heading", { name: "Nicht gefunden" })).toBeVisible();
  await shot(lena, "65-foreign-learn-portal-not-found-de");
  await darkShot(lena, "65-foreign-learn-portal-not-found-de");

  // an admin-portal user without the deputy's right: not found inside the admin portal
  const rita = await ritaPage(browser);
  const res = await rita.goto(learnPortal);
  expect(res?.status()).toBe(404);
  await expect(rita.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(rita.getByTestId("portal-label")).toHaveText("Administration");

  // the system's own user without ManageProjects: access denied inside the system's portal (/forbidden before)
  const mona = await monaPage(browser);
  await expectAccessDenied(mona, learnPortal, `System: ${WIDE}`, `/system/${WIDE}/dashboard`);
  await expectAccessible(mona, "the learn portal without ManageProjects");
  await shot(mona, "65-learn-portal-access-denied");
  await darkShot(mona, "65-learn-portal-access-denied");
  await switchLanguage(mona, "de-DE");
  await mona.reload();
  await expect(mona.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
  await shot(mona, "65-learn-portal-access-denied-de");
  await darkShot(mona, "65-learn-portal-access-denied-de");

  // a super administrator opens it as the system's deputy
  const admin = await adminPage(browser);
  await admin.goto(learnPortal);
  await expect(admin.getByTestId("learn-portal-label")).toContainText("Mailroom");
  await expect(admin.getByRole("heading", { name: "Not found" })).toHaveCount(0);
});

test("axe finds nothing serious with the Status menu, a row action's tooltip and its yes/no dialog open", async ({ browser }) => {
  const lena = await lenaPage(browser);
  await lena.goto(`/system/${WIDE}/jobmonitor`);
  await lena.getByTestId("job-filters-toggle").click();
  await lena.getByTestId("filter-state").click();
  await expect(lena.getByTestId("filter-state-all")).toBeVisible();
  await expectAccessible(lena, "job monitor, Status menu open");
  await lena.getByRole("menuitemcheckbox", { name: "Ready" }).click();
  await expect(lena.getByTestId("filter-state")).toContainText("Ready");
  await shot(lena, "68-status-menu-open");
  await lena.keyboard.press("Escape");
  await expect(lena.getByTestId("filter-state-all")).toBeHidden();

  const firstRow = lena.getByTestId("jobs-table").locator("tbody tr").first();
  await firstRow.getByTestId("job-details").focus();
  await expect(lena.getByRole("tooltip")).toContainText("Details");
  await expectAccessible(lena, "job monitor, row action tooltip open");
  await lena.keyboard.press("Escape");
  await expect(lena.getByRole("tooltip")).toBeHidden();
  // one hint for the page (components/ui/hint-layer.tsx): it follows the pointer from button to button, above each
  await firstRow.getByTestId("job-download").hover();
  await expect(lena.getByRole("tooltip")).toHaveText("Download");
  // above the button once its entry animation (a slide up of 0.5 rem) has ended: measured in the middle of it, the hint
  // overlapped the button by a few pixels (CI of dc500a2)
  await expect
    .poll(async () => {
      const [hint, button] = await Promise.all([
        lena.getByRole("tooltip").boundingBox(),
        firstRow.getByTestId("job-download").boundingBox(),
      ]);
      return Boolean(hint && button && hint.y + hint.height <= button.y);
    })
    .toBe(true);
  await firstRow.getByTestId("job-details").hover();
  await expect(lena.getByRole("tooltip")).toHaveText("Details");
  await expect(lena.getByRole("tooltip")).toHaveCount(1);
  await shot(lena, "68-row-action-hint");
  await lena.mouse.move(0, 0);
  await expect(lena.getByRole("tooltip")).toBeHidden();
  await firstRow.getByTestId("job-delete").click();
  await expect(lena.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(lena, "job monitor, delete dialog open");
  await lena.getByRole("alertdialog").getByRole("button", { name: "No" }).click();
  await expect(lena.getByRole("alertdialog")).toBeHidden();

  // the job details show the long project name and client texts without widening the page
  await firstRow.getByTestId("job-details").click();
  await expect(lena).toHaveURL(/\/jobmonitor\/details\/\d+$/);
  await expect(lena.getByTestId("job-detail-actions")).toBeVisible();
  await expectNoSidewaysScroll(lena, "job details");
  await expectAccessible(lena, "job details");
  await shot(lena, "68-job-details-long-texts");
});

test("screenshots in both languages and themes, with long names and empty states", async ({ browser }) => {
  const lena = await lenaPage(browser);
  const admin = await adminPage(browser);
  for (const locale of ["en-US", "de-DE"] as const) {
    for (const page of [lena, admin]) await switchLanguage(page, locale);
    const empty = locale === "de-DE" ? EMPTY_FILTERED_DE : "No jobs match the filter.";
    const pages: [Page, string, string, string?][] = [
      [admin, "/admin/systems", "systems", VAST],
      [admin, "/admin/dashboard", "admin-dashboard", WIDE],
      [lena, `/system/${WIDE}/dashboard`, "system-dashboard", LENA.fullName],
      [lena, `/system/${WIDE}/jobmonitor?createdstart=2025-01-01T00%3A00%3A00.000Z`, "job-monitor-filters", "Client"],
      // an empty state: a filter that matches no job
      [lena, `/system/${WIDE}/jobmonitor?client=nobody`, "job-monitor-empty", empty],
      [lena, `/system/${WIDE}/users`, "users", LONG_USER],
      [lena, `/system/${WIDE}/nope`, "not-found", WIDE],
    ];
    for (const [page, path, name, text] of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (text) await expect(page.locator("body")).toContainText(text);
      await expectNoSidewaysScroll(page, `${name} ${locale}`);
      await shot(page, `69-${name}-${locale}`);
      await darkShot(page, `69-${name}-${locale}`);
    }
  }
  for (const page of [lena, admin]) await switchLanguage(page, "en-US");
});
