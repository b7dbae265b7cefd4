import { ADMIN_PASSWORD } from "../../playwright.config";
import { type Browser, expect, type Page, test } from "./fixtures";
import { ADMIN_PASSWORD_CHANGED, apiToken, darkShot, expectAccessible, shot } from "./helpers";

const NEW_ADMIN_PASSWORD = ADMIN_PASSWORD_CHANGED;
const USER_PASSWORD = "User-Passw0rd!";

test.describe.configure({ mode: "serial" });

async function signIn(page: Page, userName: string, password: string) {
  await page.getByLabel("User name").fill(userName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  return context.newPage();
}

test("an administrator signs in, must change the password first, and sees the dashboard", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?callbackUrl=/);
  await expect(page.getByRole("heading", { name: "Sign in to the administration" })).toBeVisible();
  await expectAccessible(page, "admin login");
  await shot(page, "01-admin-login");

  await signIn(page, "admin", "wrong-Passw0rd");
  await expect(page.getByTestId("form-errors")).toContainText("Wrong user name or password.");
  await page.waitForTimeout(1000); // buttons are throttled to one click per second
  await signIn(page, "admin", ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/changePassword$/);
  await expectAccessible(page, "change password");

  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Repeat new password").fill("other");
  await page.getByRole("button", { name: "Change password" }).click();
  // each problem under its field, all at once
  await expect(page.getByTestId("error-repeat")).toContainText("The passwords are not equal.");
  await expect(page.getByTestId("error-newPassword")).toContainText("at least 6 characters");
  await expect(page.getByTestId("error-newPassword")).toContainText("at least one digit");
  await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await shot(page, "02-change-password-errors");

  await page.waitForTimeout(1000); // buttons are throttled to one click per second
  await page.getByLabel("New password", { exact: true }).fill(NEW_ADMIN_PASSWORD);
  await page.getByLabel("Repeat new password").fill(NEW_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId("welcome")).toHaveText("Welcome, Administrator!");
  await expect(page.getByTestId("roles")).toHaveText("Super administrator");
  await expect(page.getByTestId("portal-label")).toHaveText("Administration");
  await expect(page.getByTestId("api-base-url")).toContainText("/api/");
  await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link")).toHaveCount(12);
  await expectAccessible(page, "admin dashboard");
  await shot(page, "03-admin-dashboard");
});

test("the language switches to German at once and stays; the theme switches to dark and stays", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto("/admin/login");
  await signIn(page, "admin", NEW_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByTestId("account-link").click();
  await expect(page.getByTestId("account-roles")).toHaveText("Super administrator");
  await shot(page, "04-account-en");
  await darkShot(page, "04-account-en");

  await page.getByLabel("Language").selectOption({ label: "Deutsch" });
  await expect(page.getByRole("heading", { name: "Konto" })).toBeVisible();
  await expect(page.getByTestId("account-roles")).toHaveText("Superadministrator");
  await expect(page.getByRole("link", { name: "Übersicht" })).toBeVisible();
  await expectAccessible(page, "account de");
  await shot(page, "05-account-de");

  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.goto("/admin/dashboard");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByTestId("welcome")).toHaveText("Willkommen, Administrator!");
  await expectAccessible(page, "dashboard de dark");
  await shot(page, "06-dashboard-de-dark");
  await page.goto("/admin/about");
  await expect(page.getByTestId("about-version")).toHaveText("12.5.1");
  await expect(page.getByTestId("modules")).toContainText("next");
  await expectAccessible(page, "about dark");
  await shot(page, "07-about-de-dark");

  // the shared pager: page size in the URL, at most five page buttons, first page 0
  await page.getByTestId("page-size").selectOption("5");
  await expect(page).toHaveURL(/page=0&pageSize=5/);
  await expect(page.getByTestId("modules").locator("tbody tr")).toHaveCount(5);
  const pager = page.getByTestId("pager");
  expect(await pager.getByRole("button", { name: /^Seite \d+$/ }).count()).toBeLessThanOrEqual(5);
  await pager.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(page).toHaveURL(/page=1&pageSize=5/);
  await expect(pager.getByRole("button", { name: "Seite 2" })).toHaveAttribute("aria-current", "page");

  // the saved language comes back at the next sign-in, in a browser that asks for English
  const other = await newPage(browser);
  await other.goto("/admin/login");
  await signIn(other, "admin", NEW_ADMIN_PASSWORD);
  await expect(other.getByTestId("welcome")).toHaveText("Willkommen, Administrator!");
  await other.getByTestId("account-link").click();
  await other.getByLabel("Sprache").selectOption({ label: "English" });
  await expect(other.getByRole("heading", { name: "Account" })).toBeVisible();
});

test("a user without the right sees access denied inside the portal and goes back from there", async ({ browser, page }) => {
  const token = await apiToken(page, "admin", NEW_ADMIN_PASSWORD);
  const created = await page.request.post("/api/users/register", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      systemName: "Supersystem",
      name: "reporter",
      fullName: "Rita Reporter",
      password: USER_PASSWORD,
      roles: ["ReportAdmin"],
      requiresPasswordChange: false,
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const user = await newPage(browser);
  await user.goto("/admin/login");
  await signIn(user, "reporter", USER_PASSWORD);
  await expect(user).toHaveURL(/\/admin\/dashboard$/);
  await expect(user.getByTestId("welcome")).toHaveText("Welcome, Rita Reporter!");
  const nav = user.getByRole("navigation", { name: "Navigation" });
  await expect(nav.getByRole("link", { name: "Statistics" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  // issue 23: inside the portal's shell with the URL kept (a redirect to /forbidden before)
  await user.goto("/admin/users");
  await expect(user).toHaveURL(/\/admin\/users$/);
  await expect(user.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expect(user.getByTestId("portal-label")).toHaveText("Administration");
  await expectAccessible(user, "forbidden");
  await shot(user, "08-forbidden");
  await user.getByRole("button", { name: "Back" }).click();
  await expect(user).toHaveURL(/\/admin\/dashboard$/);
  // the statistics (issue 12; until then this was the "coming soon" page of a later issue's area)
  await nav.getByRole("link", { name: "Statistics" }).click();
  await expect(user.getByRole("heading", { name: "Statistics of all systems" })).toBeVisible();
  await shot(user, "09-statistics-reporter");
});

test("three wrong passwords lock the account", async ({ browser, page }) => {
  const token = await apiToken(page, "admin", NEW_ADMIN_PASSWORD);
  const created = await page.request.post("/api/users/register", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      systemName: "Supersystem",
      name: "locky",
      password: USER_PASSWORD,
      roles: ["AuditTrailAdmin"],
      requiresPasswordChange: false,
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const user = await newPage(browser);
  await user.goto("/admin/login");
  for (let i = 0; i < 2; i++) {
    await signIn(user, "locky", "Wrong-Passw0rd!");
    await expect(user.getByTestId("form-errors")).toContainText("Wrong user name or password.");
    await user.waitForTimeout(1000);
  }
  await signIn(user, "locky", "Wrong-Passw0rd!");
  await expect(user.getByTestId("form-errors")).toContainText("The user is locked out until");
  await user.waitForTimeout(1000);
  await signIn(user, "locky", USER_PASSWORD);
  await expect(user.getByTestId("form-errors")).toContainText("The user is locked out until");
  // the end of the lockout in the browser's time zone and the spec's format, not a raw UTC timestamp
  await expect(user.getByTestId("form-errors")).toHaveText(/locked out until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.$/);
  await expectAccessible(user, "locked out");
  await shot(user, "10-locked-out");
});

test("logging out ends the session", async ({ page }) => {
  await page.goto("/admin/login");
  await signIn(page, "admin", NEW_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the system login fixes the system name given in the query", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("System name")).toBeEditable();
  await page.goto("/system/Acme/dashboard");
  await expect(page).toHaveURL(/\/login\?system=Acme/);
  await expect(page.getByLabel("System name")).toHaveValue("Acme");
  await expect(page.getByLabel("System name")).not.toBeEditable();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Missing user name")).toBeVisible();
  await expectAccessible(page, "system login");
  await shot(page, "13-system-login");
  // REST: a known path with another method answers 405 in the envelope
  const res = await page.request.delete("/api/info");
  expect(res.status()).toBe(405);
  expect((await res.json()).errors[0].code).toBe("MethodNotAllowed");
});

test("unknown pages say not found with a back button; the API reference renders without a CDN", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expectAccessible(page, "not found");
  await shot(page, "11-not-found");

  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://localhost")) external.push(r.url());
  });
  await page.goto("/apidocs");
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(page.getByTestId("api-operation").first()).toBeVisible();
  expect(await page.getByTestId("api-operation").count()).toBeGreaterThan(10);
  await expectAccessible(page, "api docs");
  await shot(page, "12-api-reference");
  expect(external).toEqual([]);
});
