import { ADMIN_PASSWORD } from "../../playwright.config";
import { makeLicenceFile } from "../fixtures/licence";
import { type Browser, type BrowserContext, expect, type Page, test } from "./fixtures";
import { ADMIN_PASSWORD_CHANGED, adminToken, darkShot, expectAccessible, shot } from "./helpers";

// issue 10 §6: one error pattern for every form — every field's problem at once, under its field, translated,
// limits in words; server answers under their field or as the form's error; no toast on top.

test.describe.configure({ mode: "serial" });

type Locale = "en-US" | "de-DE";

async function adminPage(browser: Browser, locale: Locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await adminToken(page, ADMIN_PASSWORD);
  await page.goto("/admin/login");
  await page.getByLabel(locale === "de-DE" ? "Benutzername" : "User name").fill("admin");
  await page.getByLabel(locale === "de-DE" ? "Passwort" : "Password", { exact: true }).fill(ADMIN_PASSWORD_CHANGED);
  await page.getByRole("button", { name: locale === "de-DE" ? "Anmelden" : "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // the sign-in applied the admin's saved language; these pages speak the browser's
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
  return page;
}

/** The field's message and the control's wiring to it (aria-invalid, aria-describedby). */
async function expectFieldError(page: Page, field: string, control: string, text: string | RegExp): Promise<void> {
  const message = page.getByTestId(`error-${field}`);
  await expect(message).toContainText(text);
  const input = page.locator(`#${control}`);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const messageId = await message.getAttribute("id");
  await expect(input).toHaveAttribute("aria-describedby", new RegExp(`(^| )${messageId}( |$)`));
}

/** No status bar (toast) pops up: the form shows its errors itself. */
async function expectNoToast(page: Page): Promise<void> {
  await page.waitForTimeout(500);
  await expect(page.getByTestId("status-bar")).toHaveCount(0);
}

/** Console errors and uncaught errors of every page of a context (hydration errors among them). */
function consoleErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  context.on("weberror", (e) => errors.push(e.error().message));
  return errors;
}

test("sign-in and forgot-password forms report every missing field at once, in both languages", async ({ browser }) => {
  for (const [locale, texts] of [
    ["en-US", { submit: "Sign in", system: "Missing system", user: "Missing user name", password: "Missing password" }],
    ["de-DE", { submit: "Anmelden", system: "System fehlt", user: "Benutzername fehlt", password: "Passwort fehlt" }],
  ] as const) {
    const page = await (await browser.newContext({ locale })).newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: texts.submit }).click();
    await expectFieldError(page, "systemName", "systemName", texts.system);
    await expectFieldError(page, "userName", "userName", texts.user);
    await expectFieldError(page, "password", "password", texts.password);
    await expect(page.getByTestId("form-errors")).toHaveCount(0);
    await expectAccessible(page, `login errors ${locale}`);
  }

  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await page.goto("/forgotPassword");
  await page.getByRole("button", { name: "Send link" }).click();
  await expectFieldError(page, "systemName", "systemName", "Missing system");
  await expectFieldError(page, "userName", "userName", "Missing user name");
  await expectFieldError(page, "email", "email", "The e-mail address is missing.");
});

test("/forgotPassword hydrates without a console error (React #418 came and went with the load timing)", async ({ browser }) => {
  // the mismatch showed on about a third of the loads with a cold cache: several fresh contexts, several loads
  for (let round = 0; round < 4; round++) {
    const context = await browser.newContext({ locale: round % 2 ? "de-DE" : "en-US" });
    const errors = consoleErrors(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    for (const path of ["/forgotPassword", "/login", "/forgotPassword"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("user form: every field's problem at once, translated, limits in words; a taken name under its field", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto("/admin/users/add");
  await page.getByTestId("save-user").click();
  await expectFieldError(page, "name", "name", "Missing user name");
  await expectFieldError(page, "password", "password", "The password must not be empty.");

  // a 300-letter name is too long, not "letters and digits only"; the full name shows its limit in words
  await page.waitForTimeout(1000); // buttons are throttled to one click per second
  await page.getByLabel("User name").fill("a".repeat(300));
  await page.getByLabel("Full name").fill("b".repeat(300));
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByTestId("save-user").click();
  await expectFieldError(page, "name", "name", "Please enter at most 100 characters.");
  await expect(page.getByTestId("error-name")).not.toContainText("letters and digits");
  await expectFieldError(page, "fullName", "fullName", "Please enter at most 200 characters.");
  await expectFieldError(page, "emailAddress", "emailAddress", "The e-mail address is not valid.");
  // each broken rule its own line, not joined into one
  await expect(page.getByTestId("error-password").locator("p")).toHaveCount(4);
  await expectFieldError(page, "repeat", "repeat", "The passwords are not equal.");
  await expectAccessible(page, "user form with errors");
  await shot(page, "60-user-form-errors");
  await darkShot(page, "60-user-form-errors");

  // the server's answer: a taken name shows under the name, with no toast over the buttons
  await page.waitForTimeout(1000);
  await page.getByLabel("User name").fill("admin");
  await page.getByLabel("Full name").fill("Another admin");
  await page.getByLabel("E-mail address").fill("");
  await page.getByLabel("Password", { exact: true }).fill("Admin-Other1!");
  await page.getByLabel("Repeat password").fill("Admin-Other1!");
  await page.getByTestId("save-user").click();
  await expectFieldError(page, "name", "name", "A user named admin already exists.");
  await expectNoToast(page);
  await expect(page).toHaveURL(/\/admin\/users\/add$/);

  const german = await adminPage(browser, "de-DE");
  await german.goto("/admin/users/add");
  await german.getByLabel("Vollständiger Name").fill("b".repeat(300));
  await german.getByRole("button", { name: "Speichern" }).click();
  await expectFieldError(german, "name", "name", "Benutzername fehlt");
  await expectFieldError(german, "fullName", "fullName", "Bitte höchstens 200 Zeichen eingeben.");
  await expectFieldError(german, "password", "password", "Das Passwort darf nicht leer sein.");
  await shot(german, "61-user-form-errors-de");
  await darkShot(german, "61-user-form-errors-de");
});

test("system form: the CSB rules and the name's limit at once; a taken name from the server under the name", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const token = await adminToken(page, ADMIN_PASSWORD);
  const taken = `Taken${Date.now()}`;
  const made = await page.request.post("/api/systems", { headers: { authorization: `Bearer ${token}` }, data: { name: taken } });
  expect(made.status(), await made.text()).toBe(200);

  await page.goto("/admin/systems/add");
  await page.getByLabel("Type").selectOption({ label: "CSB" });
  await page.getByLabel("ERP connection service URL").fill("not a url");
  await page.getByTestId("save-system").click();
  await expectFieldError(page, "name", "name", "The system name is missing.");
  await expectFieldError(page, "derpcsUrl", "derpcsUrl", "Please enter a valid URL");
  await expectFieldError(page, "csbUrl", "csbUrl", "needs the URL of the content-services backend");
  await expectFieldError(page, "csbSystem", "csbSystem", "needs the customer");
  await expectFieldError(page, "csbUser", "csbUser", "needs a user");
  await expectFieldError(page, "csbPassword", "csbPassword", "needs a password");
  await page.waitForTimeout(1000);
  await page.getByLabel("Name").fill("n".repeat(300));
  await page.getByTestId("save-system").click();
  await expectFieldError(page, "name", "name", "Please enter at most 100 characters.");
  await expectAccessible(page, "system form with errors");
  await shot(page, "62-system-form-errors");
  await darkShot(page, "62-system-form-errors");

  await page.goto("/admin/systems/add");
  await page.getByLabel("Name").fill(taken.toUpperCase());
  await page.getByTestId("save-system").click();
  await expectFieldError(page, "name", "name", `A system named ${taken.toUpperCase()} already exists.`);
  await expectNoToast(page);

  const german = await adminPage(browser, "de-DE");
  await german.goto("/admin/systems/add");
  await german.getByLabel("Typ").selectOption({ label: "CSB" });
  await german.getByLabel("Name").fill("Acme Corp".repeat(40));
  await german.getByRole("button", { name: "Speichern" }).click();
  await expectFieldError(german, "name", "name", "Bitte höchstens 100 Zeichen eingeben.");
  await expect(german.getByTestId("error-name")).toContainText("nur Buchstaben und Ziffern");
  await expectFieldError(german, "csbUrl", "csbUrl", "braucht die URL");
  await shot(german, "63-system-form-errors-de");
  await darkShot(german, "63-system-form-errors-de");
});

test("licences: the cloud form adds a source; a virtual licence without an id gets one from the server", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/licence");
  await page.getByTestId("add-from-cloud").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Add licence source" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add licence source" }).click();
  await expectFieldError(page, "csbUrl", "csbUrl", "The URL of the cloud service is missing.");
  await expectFieldError(page, "csbSystem", "csbSystem", "is missing");
  await expectFieldError(page, "csbUser", "csbUser", "The user of the cloud service is missing.");
  await expectFieldError(page, "csbPassword", "csbPassword", "The password of the cloud service is missing.");
  await page.keyboard.press("Escape");

  const token = await adminToken(page, ADMIN_PASSWORD);
  const child = { id: `E2E-FORMS-${Date.now()}`, name: "Forms child", expiration: "2099-12-31" };
  const uploaded = await page.request.post("/api/v3/licences", {
    headers: { authorization: `Bearer ${token}` },
    data: { base64Licence: makeLicenceFile({ ...child, features: [] }) },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await page.goto("/admin/licence/createVirtual");
  await page.getByLabel("Name").fill("Generated id");
  await page.getByTestId("child-pool").selectOption({ label: `${child.name} (${child.id})` });
  await page.getByTestId("add-child").click();
  await page.waitForTimeout(1000);
  await page.getByTestId("save-virtual").click();
  await expect(page).toHaveURL(/selectVirtualTab=true/);
  await page.getByRole("link", { name: "Generated id" }).click();
  await expect(page.getByTestId("licence-detail")).toContainText(
    /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/,
  );
});

test("account: the password and e-mail forms; the saved language speaks the new language", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByTestId("account-link").click();
  await page.getByRole("button", { name: "Change password" }).click();
  await expectFieldError(page, "oldPassword", "oldPassword", "The old password is missing.");
  await expectFieldError(page, "newPassword", "newPassword", "The password must not be empty.");
  await page.waitForTimeout(1000);
  await page.getByRole("button", { name: "Change e-mail address" }).click();
  await expectFieldError(page, "newEmail", "newEmail", "The e-mail address is missing.");
  await expectFieldError(page, "password", "emailPassword", "Missing password");
  await expectNoToast(page);

  // the message of the language change comes in the language just chosen
  await page.waitForTimeout(1000);
  await page.getByTestId("language-select").selectOption("de-DE");
  await expect(page.getByTestId("status-bar")).toHaveText("Die Sprache wurde gespeichert.");
  await page.waitForTimeout(1000);
  await page.getByTestId("language-select").selectOption("en-US");
  await expect(page.getByTestId("status-bar")).toHaveText("The language has been saved.");
});
