import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { adminPage, darkShot, expectAccessible, expectReadableSelects, shot, signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

let csb: Server;
let csbUrl: string;

test.beforeAll(async () => {
  // a content-services backend that knows the user "csbuser" with the password "csb-secret"
  csb = createServer((req, res) => {
    const ok = req.headers.authorization === `Basic ${Buffer.from("csbuser:csb-secret").toString("base64")}`;
    res.writeHead(ok ? 200 : 401, { "content-type": "text/plain" }).end(ok ? "bGljZW5jZQ==" : "no");
  });
  await new Promise<void>((resolve) => csb.listen(0, "127.0.0.1", resolve));
  csbUrl = `http://127.0.0.1:${(csb.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => csb.close(resolve));
});

test("an administrator adds a standalone system and a CSB system whose connection it tests", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Systems" }).click();
  await expect(page.getByTestId("systems-table")).toContainText("Supersystem");
  await page.getByTestId("add-system").click();
  await expectAccessible(page, "system form");
  await expectReadableSelects(page, "system form");
  await page.getByLabel("Name").fill("Acme Corp");
  await page.getByTestId("save-system").click();
  await expect(page.getByTestId("error-name")).toContainText("only letters and digits");
  await page.waitForTimeout(1000);
  await page.getByLabel("Name").fill("Acme");
  await page.getByLabel("Description").fill("The first tenant");
  await page.getByTestId("save-system").click();
  await expect(page).toHaveURL(/\/admin\/systems$/);
  await expect(page.getByTestId("systems-table").getByRole("row", { name: /Acme/ })).toContainText("Standalone");

  await page.getByTestId("add-system").click();
  await page.getByLabel("Name").fill("Globex");
  await page.getByLabel("Type").selectOption({ label: "CSB" });
  await page.getByTestId("save-system").click();
  await expect(page.getByTestId("error-csbUrl")).toContainText("needs the URL of the content-services backend");
  await expect(page.getByTestId("error-csbPassword")).toContainText("needs a password");
  await page.getByLabel("URL", { exact: true }).fill(csbUrl);
  await page.getByLabel("Customer (tenant)").fill("globex");
  await page.getByLabel("User", { exact: true }).fill("csbuser");
  await page.getByLabel("Password").fill("wrong");
  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("test-result")).toContainText("Error when logging on to the content-services backend");
  await page.waitForTimeout(1000);
  await page.getByLabel("Password").fill("csb-secret");
  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("test-result")).toContainText("Connection successful");
  await shot(page, "30-system-form-csb");
  await darkShot(page, "30-system-form-csb");
  await page.getByTestId("save-system").click();
  await expect(page).toHaveURL(/\/admin\/systems$/);
  await expect(page.getByTestId("systems-table")).toContainText("Globex");
  await expectAccessible(page, "systems list");
  await shot(page, "31-systems-list");
  await darkShot(page, "31-systems-list");

  // the stored password is never shown, and the test still works with it
  await page.getByRole("link", { name: "Globex" }).click();
  await expect(page.getByLabel("Password")).toHaveValue("********");
  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("test-result")).toContainText("Connection successful");
});

test("a deputy administers a tenant in a new tab with the banner, and its user signs in there", async ({ browser }) => {
  const page = await adminPage(browser);
  const [portal] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByTestId("system-portals").getByRole("link", { name: "Open the portal of Acme" }).click(),
  ]);
  await portal.waitForLoadState();
  await expect(portal).toHaveURL(/\/system\/Acme\/dashboard$/);
  await expect(portal.getByTestId("deputy-banner")).toHaveText("System administration as super administrator");
  await expect(portal.getByTestId("portal-label")).toHaveText("System: Acme");
  await expectAccessible(portal, "deputy dashboard");
  await shot(portal, "32-deputy-dashboard");

  await portal.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Users" }).click();
  await portal.getByTestId("add-user").click();
  // no admin role can be given in a system portal
  await expect(portal.getByTestId("roles")).not.toContainText("Super administrator");
  await portal.getByLabel("User name").fill("anna");
  await portal.getByLabel("Full name").fill("Anna Admin");
  await portal.getByLabel("Password", { exact: true }).fill("Anna-Start1!");
  await portal.getByLabel("Repeat password").fill("Anna-Start1!");
  await portal.getByTestId("roles").getByLabel("Administrator", { exact: true }).check();
  await portal.getByTestId("save-user").click();
  await expect(portal).toHaveURL(/\/system\/Acme\/users$/);
  await expect(portal.getByTestId("users-table")).toContainText("Anna Admin");
  await expect(portal.getByTestId("deputy-banner")).toBeVisible();
  await shot(portal, "33-deputy-users");

  const anna = await (await browser.newContext({ locale: "en-US" })).newPage();
  await anna.goto("/system/Acme/dashboard");
  await expect(anna).toHaveURL(/\/login\?system=Acme/);
  await signIn(anna, "anna", "Anna-Start1!");
  await expect(anna).toHaveURL(/\/changePassword$/);
  await anna.getByLabel("New password", { exact: true }).fill("Anna-Passw0rd!");
  await anna.getByLabel("Repeat new password").fill("Anna-Passw0rd!");
  await anna.getByRole("button", { name: "Change password" }).click();
  await expect(anna).toHaveURL(/\/system\/Acme\/dashboard$/);
  await expect(anna.getByTestId("portal-label")).toHaveText("System: Acme");
  await expect(anna.getByTestId("deputy-banner")).toHaveCount(0);
  await expect(anna.getByTestId("roles")).toHaveText("Administrator");
  await shot(anna, "34-system-dashboard");
  await darkShot(anna, "34-system-dashboard");
  // another system's portal is not found inside her own (docs/decisions.md: no one learns which systems exist)
  await anna.goto("/system/Globex/dashboard");
  await expect(anna).toHaveURL(/\/system\/Globex\/dashboard$/);
  await expect(anna.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(anna.getByTestId("portal-label")).toHaveText("System: Acme");
});
