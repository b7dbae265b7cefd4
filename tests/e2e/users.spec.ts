import { ADMIN_PASSWORD } from "../../playwright.config";
import { firstLink, startSmtp, type TestSmtpServer } from "../helpers/smtp";
import { type Browser, expect, type Page, test } from "./fixtures";
import { ADMIN_PASSWORD_CHANGED, adminToken, darkShot, expectAccessible, expectReadableSelects, shot, signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

let smtp: TestSmtpServer;
const ERIKA = {
  name: "erika",
  fullName: "Erika Muster",
  email: "erika@example.com",
  start: "Erika-Start1!",
  own: "Erika-Passw0rd!",
};

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ locale: "en-US" })).newPage();
}

/** The path of the first link of the newest mail to `to` (the server's origin is this test's baseURL). */
async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject), 10_000);
  return new URL(firstLink(mail.text)).pathname;
}

test.beforeAll(async ({ browser }) => {
  smtp = await startSmtp();
  const page = await freshPage(browser);
  const token = await adminToken(page, ADMIN_PASSWORD);
  const res = await page.request.put("/api/v3/config/service", {
    headers: { authorization: `Bearer ${token}` },
    data: { eMailHost: `127.0.0.1:${smtp.port}`, isEmailConfirmationActive: true },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test.afterAll(async ({ browser }) => {
  const page = await freshPage(browser);
  const token = await adminToken(page, ADMIN_PASSWORD);
  await page.request.put("/api/v3/config/service", {
    headers: { authorization: `Bearer ${token}` },
    data: { isEmailConfirmationActive: false, eMailHost: "" },
  });
  await smtp.close();
});

test("an administrator adds a user, who signs in and must change the password first", async ({ browser }) => {
  const admin = await freshPage(browser);
  await admin.goto("/admin/login");
  await signIn(admin, "admin", ADMIN_PASSWORD_CHANGED);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Users" }).click();
  await expect(admin.getByTestId("users-table")).toContainText("admin");
  await expectAccessible(admin, "users list");
  await shot(admin, "20-users-list");
  await admin.getByTestId("add-user").click();
  await expect(admin.getByRole("heading", { name: "Add user" })).toBeVisible();
  await expectAccessible(admin, "user form");
  await expectReadableSelects(admin, "user form");
  await shot(admin, "21-user-add");
  await darkShot(admin, "21-user-add");

  // the form checks the password rules before it sends anything
  await admin.getByLabel("User name").fill(ERIKA.name);
  await admin.getByLabel("Password", { exact: true }).fill("weak");
  await admin.getByTestId("save-user").click();
  await expect(admin.getByTestId("error-password")).toContainText("at least 6 characters");
  await admin.waitForTimeout(1000);

  await admin.getByLabel("Full name").fill(ERIKA.fullName);
  await admin.getByLabel("E-mail address").fill(ERIKA.email);
  await admin.getByLabel("Password", { exact: true }).fill(ERIKA.start);
  await admin.getByLabel("Repeat password").fill(ERIKA.start);
  await admin.getByLabel("Report administrator").check();
  await admin.getByTestId("save-user").click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await expect(admin.getByTestId("status-bar")).toContainText("The user has been added.");
  const row = admin.getByTestId("users-table").getByRole("row", { name: /erika/ });
  await expect(row).toContainText("Report administrator");
  await expect(row).toContainText(ERIKA.email);
  await darkShot(admin, "20-users-list");

  const erika = await freshPage(browser);
  await erika.goto("/admin/login");
  await signIn(erika, ERIKA.name, ERIKA.start);
  await expect(erika).toHaveURL(/\/changePassword$/);
  await erika.getByLabel("New password", { exact: true }).fill(ERIKA.own);
  await erika.getByLabel("Repeat new password").fill(ERIKA.own);
  await erika.getByRole("button", { name: "Change password" }).click();
  await expect(erika).toHaveURL(/\/admin\/dashboard$/);
  await expect(erika.getByTestId("welcome")).toHaveText(`Welcome, ${ERIKA.fullName}!`);
});

test("the user switches to German and confirms a new e-mail address from the mail", async ({ browser }) => {
  const erika = await freshPage(browser);
  await erika.goto("/admin/login");
  await signIn(erika, ERIKA.name, ERIKA.own);
  await erika.getByTestId("account-link").click();
  await erika.getByLabel("Language").selectOption({ label: "Deutsch" });
  await expect(erika.getByRole("heading", { name: "Konto" })).toBeVisible();

  const newEmail = "erika.neu@example.com";
  await erika.getByLabel("Neue E-Mail-Adresse").fill(newEmail);
  await erika.getByTestId("account-email").getByLabel("Passwort").fill(ERIKA.own);
  await erika.getByRole("button", { name: "E-Mail-Adresse ändern" }).click();
  await expect(erika.getByTestId("status-bar")).toContainText(`Ein Bestätigungslink wurde an ${newEmail} gesendet.`);
  await expectAccessible(erika, "account de");
  await expectReadableSelects(erika, "account de");
  await shot(erika, "22-account-de");
  await darkShot(erika, "22-account-de");

  // the mail is German (the user's language) and goes to the new address
  const path = await linkFromMail(newEmail, /Neue E-Mail-Adresse bestätigen/);
  expect(path).toMatch(/^\/account\/changeEmail\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\//);
  await erika.goto(path);
  await expect(erika.getByTestId("confirm-email")).toContainText(`${newEmail} ist jetzt Ihre E-Mail-Adresse.`);
  await shot(erika, "23-email-confirmed");
  await expect(erika).toHaveURL(/\/admin\/dashboard$/, { timeout: 10_000 });
  await erika.getByTestId("account-link").click();
  await expect(erika.getByTestId("account-email")).toContainText(newEmail);
  // the link works once
  await erika.goto(path);
  await expect(erika.getByTestId("form-errors")).toContainText("ungültig");
  ERIKA.email = newEmail;
});

test("the user makes an API key on the account page, sees it once, uses it and revokes it (German)", async ({ browser }) => {
  // issue 26 §3
  const erika = await freshPage(browser);
  await erika.goto("/admin/login");
  await signIn(erika, ERIKA.name, ERIKA.own);
  await erika.getByTestId("account-link").click();
  const keys = erika.getByTestId("account-api-keys");
  await expect(keys.getByTestId("api-keys-empty")).toHaveText("Sie haben keine API-Schlüssel.");
  await keys.getByLabel("Name").fill("ERP-Anbindung");
  await keys.getByTestId("api-key-create").click();
  const made = keys.getByTestId("api-key-made");
  await expect(made).toContainText("Der Schlüssel „ERP-Anbindung“ wurde erstellt:");
  const key = (await made.getByTestId("api-key-value").textContent()) ?? "";
  expect(key).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);
  const row = keys.getByTestId("api-key-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("nie");
  await expectAccessible(erika, "account api keys de");
  await shot(erika, "24-account-api-key-de");
  await darkShot(erika, "24-account-api-key-de");
  // the key is a bearer token (what it may do is its user's: tests/integration/api-keys.test.ts)
  const states = await erika.request.get("/api/jobs/jobstates", { headers: { authorization: `Bearer ${key}` } });
  expect(states.status(), await states.text()).toBe(200);
  // a reload shows the list, never the key again
  await erika.reload();
  await expect(keys.getByTestId("api-key-made")).toHaveCount(0);
  await expect(keys).not.toContainText(key);
  await keys.getByTestId("api-key-revoke").click();
  await erika.getByTestId("confirm-yes").click();
  await expect(erika.getByTestId("status-bar")).toContainText("Der Schlüssel „ERP-Anbindung“ wurde widerrufen.");
  await expect(keys.getByTestId("api-keys-empty")).toBeVisible();
  const refused = await erika.request.get("/api/jobs/jobstates", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test("with e-mail confirmation the account's password change goes by a mailed link", async ({ browser }) => {
  const erika = await freshPage(browser);
  await erika.goto("/admin/login");
  await signIn(erika, ERIKA.name, ERIKA.own);
  await erika.getByTestId("account-link").click();
  await erika
    .getByTestId("account-password")
    .getByLabel(/Aktuelles Passwort/)
    .fill(ERIKA.own);
  await expect(erika.getByTestId("account-password").getByLabel("Neues Passwort", { exact: true })).toHaveCount(0);
  await erika.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(erika.getByTestId("status-bar")).toContainText("Ein Link zum Festlegen des neuen Passworts");
  const path = await linkFromMail(ERIKA.email, /Passwort ändern/);
  expect(path).toMatch(/^\/account\/changePassword\/[0-9a-f-]{36}\//);
  const next = "Erika-Second3!";
  await erika.goto(path);
  await erika.getByLabel("Neues Passwort", { exact: true }).fill(next);
  await erika.getByLabel("Neues Passwort wiederholen").fill(next);
  await expectAccessible(erika, "change via link");
  await shot(erika, "24-change-via-link");
  await darkShot(erika, "24-change-via-link");
  await erika.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(erika).toHaveURL(/\/login$/);
  ERIKA.own = next;
  await erika.goto("/admin/login");
  await erika.getByLabel("Benutzername").fill(ERIKA.name);
  await erika.getByLabel("Passwort", { exact: true }).fill(next);
  await erika.getByRole("button", { name: "Anmelden" }).click();
  await expect(erika).toHaveURL(/\/admin\/dashboard$/);
});

test("forgot password: the mailed link sets a new password once", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByTestId("error-systemName")).toContainText("Missing system");
  await expect(page.getByTestId("error-userName")).toContainText("Missing user name");
  await expect(page.getByTestId("error-email")).toContainText("The e-mail address is missing.");
  await page.waitForTimeout(1000);
  await page.getByLabel("System name").fill("Supersystem");
  await page.getByLabel("Login name").fill(ERIKA.name);
  await page.getByLabel("E-mail address").fill(ERIKA.email.toUpperCase());
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  await expectAccessible(page, "forgot password");
  await shot(page, "25-forgot-password");
  await darkShot(page, "25-forgot-password");

  const path = await linkFromMail(ERIKA.email, /Passwort zurücksetzen/);
  expect(path).toMatch(/^\/reset\/erika\/[A-Za-z0-9_-]+$/);
  await page.goto(path);
  const fresh = "Erika-Reset4!";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Repeat new password").fill(fresh);
  await shot(page, "26-reset-password");
  await darkShot(page, "26-reset-password");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/admin/login");
  await signIn(page, ERIKA.name, fresh);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // the same link a second time is refused
  const second = await freshPage(browser);
  await second.goto(path);
  await second.getByLabel("New password", { exact: true }).fill("Erika-Again5!");
  await second.getByLabel("Repeat new password").fill("Erika-Again5!");
  await second.getByRole("button", { name: "Save password" }).click();
  await expect(second.getByTestId("form-errors")).toContainText("invalid, already used or expired");
});
