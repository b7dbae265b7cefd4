import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "./fixtures";
import { adminPage, darkShot, expectAccessible, makeTenant, shot, tenantPage } from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Stark";
const MANAGER = { name: "rhoda", password: "Rhoda-Passw0rd!" };
const UUID = "[0-9a-f-]{36}";

function file(name: string, text: string): string {
  const dir = path.join(tmpdir(), `res-e2e-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
}

const managerPage = (browser: Browser, locale: "en-US" | "de-DE" = "en-US") => tenantPage(browser, SYSTEM, MANAGER, locale);

test.beforeAll(async ({ browser }) => {
  await makeTenant(browser, SYSTEM, MANAGER, ["ResourceManager"]);
});

/**
 * Click a button that was clicked a moment ago: the portal throttles clicks of one button to one a second (spec
 * foundation §9, components/shell/click-throttle.tsx), so a quicker second click would be swallowed.
 */
const lastPress = new WeakMap<Page, Map<string, number>>();
async function press(page: Page, testId: string, within?: Locator) {
  const times = lastPress.get(page) ?? new Map<string, number>();
  lastPress.set(page, times);
  const since = Date.now() - (times.get(testId) ?? 0);
  if (since < 1_100) await page.waitForTimeout(1_100 - since);
  await (within ?? page).getByTestId(testId).click();
  times.set(testId, Date.now());
}

/** Answer the open yes/no question. */
async function answer(page: Page, yes: boolean) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: yes ? /^(Yes|Ja)$/ : /^(No|Nein)$/ }).click();
  await expect(dialog).toBeHidden();
}

/** Download through the pool's row action and compare the bytes. */
async function expectDownload(page: Page, name: string, bytes: string) {
  const row = page.getByTestId("resources-table").getByRole("row").filter({ hasText: name });
  const downloading = page.waitForEvent("download");
  await row.getByTestId("resource-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const saved = path.join(tmpdir(), `res-e2e-dl-${process.pid}-${name}`);
  await download.saveAs(saved);
  expect(readFileSync(saved, "utf8")).toBe(bytes);
}

/** Save while uploads are throttled: the progress shows, then the throttle ends and the upload finishes. */
async function saveWithProgress(page: Page, shotName: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 128 * 1024,
  });
  await press(page, "save-resource");
  const bar = page.getByTestId("upload-progress").getByRole("progressbar");
  await expect(bar).toBeVisible();
  // part of the file is on its way: between the first and the last byte
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId("save-resource")).toBeDisabled();
  await shot(page, shotName);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

type Portal = {
  base: string;
  /** the words of the portal's screenshots */
  prefix: string;
  pool: string;
  level: RegExp;
};

/**
 * The whole life of a pool in one portal: the add form's rules (every one at once, each under its field), an add
 * with upload progress (back to the type list: no subtype id), the pool detail with its last update, download,
 * update of the same name (back to the pool), an add from the pool (back to the pool), delete with no then yes,
 * delete all, delete pool.
 */
async function poolLifecycle(page: Page, { base, prefix, pool, level }: Portal) {
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Resources", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  // no pools yet: every type says so
  await expect(page.getByTestId("pools-Profile")).toContainText("No pools of this type yet.");
  await expectAccessible(page, `${prefix} types empty`);
  await shot(page, `${prefix}-types-empty`);
  await page.getByTestId("tab-Csv").click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?type=Csv$`));
  await expect(page.getByTestId("pools-Csv")).toContainText("No pools of this type yet.");

  // the add form of the type's tab: the type is fixed (shown, not a control), pool and name are free
  await page.getByTestId("add-resource").click();
  await expect(page).toHaveURL(new RegExp(`${base}/add\\?type=Csv$`));
  await expect(page.getByLabel(/^Type$/)).toHaveText("CSV");
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Pool" })).toBeEditable();
  await press(page, "save-resource");
  // every rule that can fail at once does, each under its field
  await expect(page.getByTestId("error-file")).toHaveText("Select a file.");
  await expect(page.getByTestId("error-subtype")).toHaveText("The resource needs a pool.");
  await expect(page.getByTestId("error-name")).toHaveText("The resource needs a name.");
  await page.getByLabel(/^Pool$/).fill(pool);
  // choosing a file names the resource after it; a .txt is no Csv
  await page.getByTestId("resource-file").setInputFiles(file("wrong.txt", "x"));
  await expect(page.getByLabel(/^Name$/)).toHaveValue("wrong.txt");
  await press(page, "save-resource");
  await expect(page.getByTestId("error-name")).toHaveText("The name of a resource of this type must end in .csv.");
  await expect(page.getByTestId("error-file")).toBeHidden();
  await expect(page.getByTestId("error-subtype")).toBeHidden();
  // 51 characters
  await page.getByLabel(/^Name$/).fill(`${"n".repeat(47)}.csv`);
  await press(page, "save-resource");
  await expect(page.getByTestId("error-name")).toHaveText("The name takes at most 50 characters.");
  await expectAccessible(page, `${prefix} add errors`);
  await shot(page, `${prefix}-add-errors`);
  await darkShot(page, `${prefix}-add-errors`);

  // a name of 50 characters, a file large enough to watch its upload
  const name = "Suppliers and carriers of the northern regions.csv";
  expect(name).toHaveLength(50);
  const big = "4711;ACME Corporation\n".repeat(60_000);
  await page.getByLabel(/^Name$/).fill(name);
  await page.getByTestId("resource-file").setInputFiles(file("upload.csv", big));
  await expect(page.getByLabel(/^Name$/)).toHaveValue(name);
  await saveWithProgress(page, `${prefix}-upload-progress`);
  // no subtype id came in: back to the type's list
  await expect(page).toHaveURL(new RegExp(`${base}\\?type=Csv$`), { timeout: 30_000 });
  await expect(page.getByTestId("status-bar")).toContainText("The resource has been saved.");
  const poolRow = page.getByTestId("pools-Csv").getByRole("row").filter({ hasText: pool });
  await expect(poolRow).toContainText(level);
  await expect(poolRow.getByRole("cell").nth(2)).toHaveText("1");
  await expectAccessible(page, `${prefix} types`);
  await shot(page, `${prefix}-types`);
  await darkShot(page, `${prefix}-types`);

  // the pool: the resource with its last update
  await poolRow.getByRole("link", { name: pool }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${UUID}$`));
  const poolUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pool);
  const row = page.getByTestId("resources-table").getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Last update" })).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText(/\d{4}.*\d{1,2}:\d{2}/);
  await expectAccessible(page, `${prefix} pool`);
  await shot(page, `${prefix}-pool`);
  await darkShot(page, `${prefix}-pool`);
  await expectDownload(page, name, big);

  // update: type, pool and name identify the resource and are shown, not edited; only the file is chosen; the
  // same name is saved again; back to the pool
  await row.getByTestId("resource-update").click();
  await expect(page).toHaveURL(/\/add\?type=Csv&subtype=.+&subtypeId=.+&name=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Update resource ${name}`);
  await expect(page.getByLabel(/^Type$/)).toHaveText("CSV");
  await expect(page.getByLabel(/^Pool$/)).toHaveText(pool);
  await expect(page.getByLabel(/^Name$/)).toHaveText(name);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await page.getByTestId("resource-file").setInputFiles(file("other-name.csv", "4711;ACME\n0815;Beta\n"));
  await expect(page.getByLabel(/^Name$/)).toHaveText(name);
  await expectAccessible(page, `${prefix} update`);
  await shot(page, `${prefix}-update`);
  await darkShot(page, `${prefix}-update`);
  await press(page, "save-resource");
  await expect(page).toHaveURL(poolUrl);
  await expect(page.getByTestId("resources-table").getByRole("row")).toHaveCount(2); // header and the one resource
  await expectDownload(page, name, "4711;ACME\n0815;Beta\n");

  // add from the pool: the pool is fixed, and saving comes back here
  await page.getByTestId("add-resource").click();
  await expect(page.getByLabel(/^Pool$/)).toHaveText(pool);
  await expect(page.getByRole("textbox", { name: "Pool" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Name" })).toBeEditable();
  await page.getByTestId("resource-file").setInputFiles(file("second.csv", "DHL\nUPS\n"));
  await press(page, "save-resource");
  await expect(page).toHaveURL(poolUrl);
  await expect(page.getByTestId("resources-table")).toContainText("second.csv");

  // delete asks first: no keeps it, yes removes it
  const second = page.getByTestId("resources-table").getByRole("row").filter({ hasText: "second.csv" });
  await press(page, "resource-delete", second);
  await answer(page, false);
  await expect(second).toBeVisible();
  await press(page, "resource-delete", second);
  await answer(page, true);
  await expect(page.getByTestId("status-bar")).toContainText("The resource has been deleted.");
  await expect(second).toBeHidden();

  // delete all: the pool stays, empty
  await page.getByTestId("delete-all").click();
  await answer(page, true);
  await expect(page.getByTestId("resources-table")).toContainText("This pool holds no resources.");
  await expect(page.getByTestId("delete-all")).toBeDisabled();
  await expectAccessible(page, `${prefix} pool empty`);
  await shot(page, `${prefix}-pool-empty`);
  await darkShot(page, `${prefix}-pool-empty`);

  // back in the list the empty pool shows 0; delete pool asks first, then it is gone
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}\\?type=Csv$`));
  await expect(poolRow.getByRole("cell").nth(2)).toHaveText("0");
  await press(page, "pool-delete", poolRow);
  await answer(page, false);
  await expect(poolRow).toBeVisible();
  await press(page, "pool-delete", poolRow);
  await answer(page, true);
  await expect(page.getByTestId("status-bar")).toContainText("The pool has been deleted.");
  await expect(page.getByTestId("pools-Csv")).toContainText("No pools of this type yet.");
}

test("system portal: rules, add with progress, pool, download, update, delete, delete all, delete pool", async ({ browser }) => {
  const page = await managerPage(browser);
  await poolLifecycle(page, {
    base: `/system/${SYSTEM}/resources`,
    prefix: "resources-system",
    pool: "Master data of the northern region and islands",
    level: /System/,
  });
});

test("admin portal: the same for a Global pool, and an add from the pool's row", async ({ browser }) => {
  const page = await adminPage(browser);
  await poolLifecycle(page, { base: "/admin/resources", prefix: "resources-admin", pool: "Shared", level: /Global/ });

  // the row's add fixes type and pool and comes back to the pool
  await page.goto("/admin/resources/add?type=LanguageKeyFile");
  await page.getByLabel(/^Pool$/).fill("Keys");
  await page.getByTestId("resource-file").setInputFiles(file("keys.txt", "a=b\n"));
  await press(page, "save-resource");
  await expect(page).toHaveURL(/\/admin\/resources\?type=LanguageKeyFile$/);
  const row = page.getByTestId("pools-LanguageKeyFile").getByRole("row").filter({ hasText: "Keys" });
  await row.getByTestId("pool-add").click();
  await expect(page).toHaveURL(/\/admin\/resources\/add\?type=LanguageKeyFile&subtype=Keys&subtypeId=/);
  await page.getByTestId("resource-file").setInputFiles(file("more.txt", "c=d\n"));
  await press(page, "save-resource");
  await expect(page).toHaveURL(new RegExp(`/admin/resources/${UUID}$`));
  await expect(page.getByTestId("resources-table")).toContainText("keys.txt");
  await expect(page.getByTestId("resources-table")).toContainText("more.txt");
});

test("German: the form's rules at once, the list and the pool, light and dark", async ({ browser }) => {
  const page = await managerPage(browser, "de-DE");
  const base = `/system/${SYSTEM}/resources`;
  // without a type from the query the type is chosen too: all four fields complain at once
  await page.goto(`${base}/add`);
  await press(page, "save-resource");
  await expect(page.getByTestId("error-type")).toHaveText("Wählen Sie den Typ der Ressource.");
  await expect(page.getByTestId("error-subtype")).toHaveText("Die Ressource braucht einen Pool.");
  await expect(page.getByTestId("error-file")).toHaveText("Wählen Sie eine Datei aus.");
  await expect(page.getByTestId("error-name")).toHaveText("Die Ressource braucht einen Namen.");
  await page.getByLabel(/^Typ$/).selectOption("Profile");
  await page.getByLabel(/^Pool$/).fill("Rechnungen");
  await page.getByTestId("resource-file").setInputFiles(file("profil.csv", "<x/>"));
  await press(page, "save-resource");
  await expect(page.getByTestId("error-name")).toHaveText("Der Name einer Ressource dieses Typs muss auf .xml enden.");
  await expectAccessible(page, "resources add de");
  await shot(page, "resources-de-add-errors");
  await darkShot(page, "resources-de-add-errors");
  await page.getByLabel(/^Name$/).fill("rechnung.xml");
  await press(page, "save-resource");
  await expect(page).toHaveURL(new RegExp(`${base}\\?type=Profile$`));
  await expect(page.getByTestId("status-bar")).toContainText("Die Ressource wurde gespeichert.");
  await expect(page.getByTestId("pools-Profile")).toContainText("Rechnungen");
  await expectAccessible(page, "resources list de");
  await shot(page, "resources-de-types");
  await darkShot(page, "resources-de-types");
  await page.getByTestId("pools-Profile").getByRole("link", { name: "Rechnungen" }).click();
  await expect(page.getByTestId("resources-table")).toContainText("rechnung.xml");
  await expect(page.getByRole("columnheader", { name: "Letzte Änderung" })).toBeVisible();
  await expectAccessible(page, "resources pool de");
  await shot(page, "resources-de-pool");
  await darkShot(page, "resources-de-pool");
  // the update form shows what identifies the resource, the file alone is chosen
  await page.getByTestId("resource-update").click();
  await expect(page.getByLabel(/^Typ$/)).toHaveText("Profil");
  await expect(page.getByLabel(/^Pool$/)).toHaveText("Rechnungen");
  await expect(page.getByLabel(/^Name$/)).toHaveText("rechnung.xml");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page, "resources update de");
  await shot(page, "resources-de-update");
  await darkShot(page, "resources-de-update");
});
