import { ADMIN_PASSWORD } from "../../playwright.config";
import { sampleEsproject } from "../fixtures/project";
import { type Browser, expect, type Page, test } from "./fixtures";
import { adminPage, adminToken, darkShot, expectAccessible, shot, signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

/** A valid system name of the maximum length (spec foundation §5: letters and digits, at most 100). */
const longName = (start: string) => (start + "Lorem7Ipsum3Dolor9Sit".repeat(5)).slice(0, 100);
const WIDE = longName("Wide");
const VAST = longName("Vast");
const LENA = { name: "lena", password: "Lena-Passw0rd!", fullName: `Lena${"Longfullname".repeat(16)}`.slice(0, 200) };
const LONG_USER = longName("U");
const EMPTY_FILTERED_DE = "Keine Jobs entsprechen dem Filter.";

async function lenaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto(`/login?system=${WIDE}`);
  await signIn(page, LENA.name, LENA.password);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  ]) {
    const res = await page.request.post("/api/users/register", {
      headers,
      data: { systemName: WIDE, requiresPasswordChange: false, ...user },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
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

test("a 100-character system name is cut in the list with a tooltip, wraps in the delete dialog and fits the dashboards", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/systems");
  const table = admin.getByTestId("systems-table");
  const row = table.getByRole("row", { name: new RegExp(VAST) });
  const name = row.getByRole("link", { name: VAST });
  await expect(name).toHaveAttribute("data-truncated", "true");
  // the name does not squeeze the other columns: the table fits its box (no sideways scroll), the name takes at
  // most a third of it
  const box = await table.evaluate((t) => {
    const scroller = t.parentElement as HTMLElement;
    return { width: t.getBoundingClientRect().width, scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  expect(box.scroll).toBeLessThanOrEqual(box.client + 1); // + 1: sub-pixel widths round either way
  expect((await name.boundingBox())?.width ?? 0).toBeLessThan(box.width / 3);
  await expect(row).toContainText("Standalone");
  // the whole name shows on keyboard focus
  await name.focus();
  await expect(admin.getByRole("tooltip")).toContainText(VAST);
  await expectAccessible(admin, "systems list, tooltip open");
  await expectNoSidewaysScroll(admin, "systems list");
  await shot(admin, "60-systems-long-name");

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
  await expect(users.getByRole("link", { name: LONG_USER })).toHaveAttribute("data-truncated", "true");
  await expectNoSidewaysScroll(lena, "users list");
  await shot(lena, "64-users-long-name");
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
  // the router shows loading.tsx at once when it has prefetched it (Link prefetches in view and on hover)
  let prefetched = false;
  page.on("response", (response) => {
    const headers = response.request().headers();
    if (headers["next-router-prefetch"] && /\/jobmonitor/.test(response.url())) prefetched = true;
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
