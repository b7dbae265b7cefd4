import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeEsproject } from "@/lib/projects/esproject-zip";
import { PROJECT_FILE_EXAMPLE } from "@/lib/projects/schemas";
import { ublXml, zugferdPdf } from "../fixtures/einvoices";
import { textPng } from "../fixtures/ocr-images";
import { sampleEsproject } from "../fixtures/project";
import { pdfOf, turnedPng } from "../fixtures/scans";
import { type Browser, expect, test } from "./fixtures";
import { darkShot, expectAccessible, expectReadableSelects, hydrated, makeTenant, shot, tenantPage } from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Umbrella";
const MANAGER = { name: "paula", password: "Paula-Passw0rd!" };
let submissionKey = "";

const managerPage = (browser: Browser, locale: "en-US" | "de-DE" = "en-US") => tenantPage(browser, SYSTEM, MANAGER, locale);

test.beforeAll(async ({ browser }) => {
  await makeTenant(browser, SYSTEM, MANAGER, ["Administrator"]);
});

test("a project is uploaded with progress, its properties edited, and its submission key shown", async ({ browser }) => {
  const page = await managerPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page.getByTestId("projects-table")).toContainText("No projects yet.");
  await page.getByTestId("add-project").click();
  // nothing chosen yet: the file and the name are both reported, each under its field
  await page.getByTestId("upload-project").click();
  await expect(page.getByTestId("error-file")).toContainText("The project file is missing.");
  await expect(page.getByTestId("error-name")).toContainText("The project name is missing.");
  await page.waitForTimeout(1000);
  const file = path.join(tmpdir(), "Invoices and letters.esproject");
  writeFileSync(file, sampleEsproject());
  await page.getByTestId("esproject-file").setInputFiles(file);
  await expect(page.getByLabel("Name")).toHaveValue("Invoices and letters");
  await expectAccessible(page, "project add");
  await shot(page, "50-project-add");
  await page.getByTestId("upload-project").click();
  await expect(page).toHaveURL(/\/projects\/edit\//, { timeout: 30_000 });
  await expect(page.getByTestId("project-id")).toBeVisible();
  submissionKey = (await page.getByTestId("submission-key").textContent()) ?? "";
  expect(submissionKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  await page.getByRole("button", { name: "Add row" }).click();
  // a row without a name is refused under its name field
  await page.getByTestId("save-properties").click();
  await expect(page.locator('[data-testid^="error-properties."]')).toContainText("Every property needs a name.");
  await page.waitForTimeout(1000);
  // the new row comes after the properties of the project file
  await page
    .getByLabel(/^Name \d+$/)
    .last()
    .fill("threshold");
  await page
    .getByLabel(/^Value \d+$/)
    .last()
    .fill("0.5");
  await page.getByTestId("save-properties").click();
  await expect(page.getByTestId("status-bar")).toContainText("The project has been saved.");
  // the property table names its columns
  const headers = page.getByTestId("property-rows").getByRole("columnheader");
  await expect(headers).toHaveText(["Name", "Value", "Description", "Remove row"]);
  await expectAccessible(page, "project edit");
  await shot(page, "51-project-edit");
  await darkShot(page, "51-project-edit");
  const edit = page.url();
  const german = await managerPage(browser, "de-DE");
  await german.goto(edit);
  await expect(german.getByTestId("property-rows").getByRole("columnheader")).toHaveText([
    "Name",
    "Wert",
    "Beschreibung",
    "Zeile entfernen",
  ]);
  await shot(german, "51-project-edit-de");
  await darkShot(german, "51-project-edit-de");

  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page.getByTestId("projects-table")).toContainText("Invoices and letters");
  await shot(page, "52-projects-list");
});

test("a project file using every option of project.json is added in the portal; a wrong option is named where it is", async ({
  browser,
}) => {
  // issue 24 §3: the published example (GET /api/schemas/project.json) as a customer would upload it
  const page = await managerPage(browser);
  await page.goto(`/system/${SYSTEM}/projects`);
  await page.getByTestId("add-project").click();
  const wrong = path.join(tmpdir(), "Wrong option.esproject");
  const bad = JSON.parse(JSON.stringify(PROJECT_FILE_EXAMPLE));
  bad.documentClasses[0].fields[3].match = "median";
  writeFileSync(wrong, writeEsproject(bad));
  await page.getByTestId("esproject-file").setInputFiles(wrong);
  await page.getByTestId("upload-project").click();
  // the field's message names where the file is wrong
  await expect(page.getByTestId("error-file")).toContainText(
    "project.json does not match the project format: documentClasses.0.fields.3.match",
  );
  await shot(page, "50-project-add-wrong-option");
  // the same refusal in German, dark: the path stays as the file names it
  const german = await managerPage(browser, "de-DE");
  await german.goto(`/system/${SYSTEM}/projects`);
  await german.getByTestId("add-project").click();
  await german.getByTestId("esproject-file").setInputFiles(wrong);
  await german.getByTestId("upload-project").click();
  await expect(german.getByTestId("error-file")).toContainText("documentClasses.0.fields.3.match");
  await darkShot(german, "50-project-add-wrong-option-de");
  await german.close();
  const every = path.join(tmpdir(), "Every option.esproject");
  writeFileSync(every, writeEsproject(PROJECT_FILE_EXAMPLE as never));
  await page.getByTestId("esproject-file").setInputFiles(every);
  await page.getByLabel("Name").fill("Every option");
  await page.getByTestId("upload-project").click();
  await expect(page).toHaveURL(/\/projects\/edit\//, { timeout: 30_000 });
  await expect(page.getByTestId("project-id")).toBeVisible();
});

test("jobs posted with the submission key are processed and readable with their own key", async ({ page }) => {
  const ids: number[] = [];
  // a scan as a scanner sends it: pages that are only an image, the second lying on its side
  const scan = await pdfOf([
    { scan: textPng(["INVOICE", "Invoice No. SCAN-88", "Total: EUR 45,00"]) },
    { scan: await turnedPng(textPng(["Delivery note for order SCAN-88"]), 90) },
  ]);
  for (const [name, mimeType, bytes] of [
    ["invoice.txt", "text/plain", Buffer.from("INVOICE\nInvoice No. INV-77\nTotal: EUR 99,90\nDate: 2025-03-15")],
    ["letter.txt", "text/plain", Buffer.from("Dear Sir,\nSubject: Meeting\nYours sincerely")],
    ["scan.pdf", "application/pdf", Buffer.from(scan)],
  ] as const) {
    const res = await page.request.post(`/api/jobs?auth=${submissionKey}`, {
      multipart: {
        file: { name, mimeType, buffer: bytes },
        meta: JSON.stringify({ client: "e2e", clientInfo: name }),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const job = await res.json();
    ids.push(job.id);
    await expect
      .poll(async () => (await (await page.request.get(`/api/jobs/${job.id}?auth=${job.auth}`)).json()).state, {
        timeout: 60_000,
      })
      .toBe("Ready");
    const result = await (await page.request.get(`/api/jobs/${job.id}/files/result/result.json?auth=${job.auth}`)).json();
    expect(result.documents[0].class).toBe(name === "letter.txt" ? "Letter" : "Invoice");
    if (name === "scan.pdf") {
      expect(result.documents[0]).toMatchObject({ pages: 2, fields: { invoiceNumber: "SCAN-88" } });
      const text = await (
        await page.request.get(`/api/jobs/${job.id}/files/work/${result.documents[0].workFile}?auth=${job.auth}`)
      ).text();
      expect(text.split("\f")[1]).toContain("Delivery note for order SCAN-88");
    }
  }
  expect(ids).toHaveLength(3);
});

test("the job monitor shows the jobs: filter, sort, page, bulk restart, details and download", async ({ browser, page }) => {
  // more jobs than one page of 5
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post(`/api/jobs?auth=${submissionKey}`, {
      multipart: {
        file: {
          name: `note-${i}.txt`,
          mimeType: "text/plain",
          buffer: Buffer.from(`Dear Sir,\nSubject: Note ${i}\nYours sincerely`),
        },
        meta: JSON.stringify({ client: `batch-${i % 2}` }),
      },
    });
    expect(res.status()).toBe(200);
  }
  const monitor = await managerPage(browser);
  await monitor.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Job monitor" }).click();
  const table = monitor.getByTestId("jobs-table");
  await expect(table.locator("tbody tr")).toHaveCount(8);
  await expect(table).not.toContainText("Waiting", { timeout: 30_000 });
  await expectAccessible(monitor, "job monitor");
  await shot(monitor, "53-job-monitor");
  await darkShot(monitor, "53-job-monitor");

  // filter by client (kept in the URL), then reset; the filter panel opens on demand
  await monitor.getByTestId("job-filters-toggle").click();
  await monitor.getByLabel("Client").fill("batch-1");
  await monitor.getByTestId("job-search").click();
  await expect(monitor).toHaveURL(/client=batch-1/);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await monitor.waitForTimeout(1000);
  await monitor.getByTestId("job-filter-reset").click();
  await expect(table.locator("tbody tr")).toHaveCount(8);

  // sort by id: ascending, then descending (the URL keeps it); ids count across systems, so other specs' jobs come first
  const shown = (await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.querySelector("a")?.textContent ?? "")))
    .map(Number)
    .sort((x, y) => x - y);
  await table.getByRole("button", { name: /^ID/ }).click();
  await expect(monitor).toHaveURL(/sort=id%3Aasc|sort=id:asc/);
  await expect(table.locator("tbody tr").first().getByRole("link").first()).toHaveText(String(shown[0]));
  await monitor.waitForTimeout(1000);
  await table.getByRole("button", { name: /^ID/ }).click();
  await expect(monitor).toHaveURL(/sort=id%3Adesc|sort=id:desc/);
  await expect(table.locator("tbody tr").first().getByRole("link").first()).toHaveText(String(shown.at(-1)));

  // page size 5: two pages
  await monitor.getByTestId("page-size").selectOption("5");
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await monitor.getByTestId("pager").getByRole("button", { name: "Page 2" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(3);

  // bulk restart of the selected jobs (yes/no first)
  await table.getByRole("checkbox", { name: /select all/i }).check();
  await monitor.getByTestId("job-bulk-actions").getByRole("button", { name: "Restart selected" }).click();
  await monitor.getByTestId("confirm-yes").click();
  await expect(monitor.getByTestId("status-bar")).toContainText(/restart/i);
  await expect(table).not.toContainText("Waiting", { timeout: 30_000 });

  // details of one job and its result file
  await monitor.getByTestId("job-details").first().click();
  await expect(monitor).toHaveURL(/\/jobmonitor\/details\/\d+$/);
  await expect(monitor.getByTestId("job-detail-actions")).toBeVisible();
  // a restarted scan may still be read by OCR: its details page reads the job again until it is Ready
  await expect(monitor.getByTestId("tab-result")).toBeEnabled({ timeout: 60_000 });
  await monitor.getByTestId("tab-result").click();
  const [download] = await Promise.all([
    monitor.waitForEvent("download"),
    monitor.getByTestId("job-files-result").getByRole("link").first().click(),
  ]);
  expect(download.suggestedFilename()).toBe("result.json");
  await expectAccessible(monitor, "job details");
  await expectReadableSelects(monitor, "job details");
  await shot(monitor, "54-job-details");
  await darkShot(monitor, "54-job-details");

  // the log level: a native select, saved with its button
  await expect(monitor.getByLabel("Log level", { exact: true })).toHaveValue("default");
  await monitor.getByLabel("Log level", { exact: true }).selectOption({ label: "Debug" });
  await monitor.getByTestId("log-level-save").click();
  await expect(monitor.getByTestId("status-bar")).toContainText("The log level was set.");
  await monitor.reload();
  await expect(monitor.getByLabel("Log level", { exact: true })).toHaveValue("Debug");

  const german = await managerPage(browser, "de-DE");
  await german.goto(`/system/${SYSTEM}/jobmonitor`);
  await expect(german.getByRole("heading", { name: "Job-Monitor" })).toBeVisible();
  await shot(german, "55-job-monitor-de");
  await german.getByTestId("job-details").first().click();
  await expect(german).toHaveURL(/\/jobmonitor\/details\/\d+$/);
  await expect(german.getByTestId("job-detail-actions")).toBeVisible();
  await expect(german.getByRole("heading", { name: /^Job \d+$/ })).toBeVisible();
  // the log lines are kept as codes: they read German here
  await expect(german.getByTestId("job-log")).toContainText("Verarbeitung gestartet von");
  await expect(german.getByTestId("job-log")).not.toContainText("processing started by");
  await shot(german, "56-job-details-de");
  await darkShot(german, "56-job-details-de");
});

test("a row ticked before the page is hydrated counts as selected", async ({ browser }) => {
  const monitor = await managerPage(browser);
  // the server's markup is there, React is not yet
  let release = () => {};
  const scripts = new Promise<void>((resolve) => {
    release = resolve;
  });
  // the page's scripts are held back (its styles are not: they block the first paint)
  await monitor.route("**/_next/static/chunks/**/*.js", async (route) => {
    await scripts;
    await route.continue();
  });
  await monitor.goto(`/system/${SYSTEM}/jobmonitor`, { waitUntil: "commit" });
  const box = monitor.getByTestId("jobs-table").getByTestId("select-row").first();
  await box.check();
  expect(await box.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")))).toBe(false);
  release();
  await hydrated(box);
  await expect(monitor.getByTestId("job-bulk-actions")).toContainText("1 job selected");
  await expect(monitor.getByTestId("restart-selected")).toBeEnabled();
  await expect(box).toBeChecked();
});

test("a ZUGFeRD invoice's business terms are shown on its job's page, in English and German", async ({ browser, page }) => {
  // issue 25: the PDF embeds its invoice XML; result.json and the job details show the terms
  const res = await page.request.post(`/api/jobs?auth=${submissionKey}`, {
    multipart: { file: { name: "zugferd.pdf", mimeType: "application/pdf", buffer: Buffer.from(await zugferdPdf()) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const job = await res.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/jobs/${job.id}?auth=${job.auth}`)).json()).state, { timeout: 60_000 })
    .toBe("Ready");
  const result = await (await page.request.get(`/api/jobs/${job.id}/files/result/result.json?auth=${job.auth}`)).json();
  expect(result.documents[0].einvoice).toMatchObject({ syntax: "CII", profile: "EN16931", fields: { "BT-112": 243.71 } });
  // one whose PDF shows another total than its XML: the failed check, in the viewer's language
  const other = await page.request.post(`/api/jobs?auth=${submissionKey}`, {
    multipart: {
      file: {
        name: "other.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(await zugferdPdf(undefined, { shownTotal: "234,71" })),
      },
    },
  });
  const disagreeing = await other.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/jobs/${disagreeing.id}?auth=${disagreeing.auth}`)).json()).state, {
      timeout: 60_000,
    })
    .toBe("Ready");
  const german = await managerPage(browser, "de-DE");
  await german.goto(`/system/${SYSTEM}/jobmonitor/details/${disagreeing.id}`);
  await hydrated(german.getByTestId("tab-einvoice"));
  await german.getByTestId("tab-einvoice").click();
  await expect(german.getByTestId("einvoice-warnings")).toContainText(
    "EINV-PDF-BT-112: Der Text des PDFs zeigt den Gesamtbetrag 243,71 seines XML nicht.",
  );
  await shot(german, "53-job-einvoice-check-de");
  // the job log says the check in German too, the amount in German
  await expect(german.getByTestId("job-log")).toContainText(
    "other.pdf: Prüfung der E-Rechnung EINV-PDF-BT-112: Der Text des PDFs zeigt den Gesamtbetrag 243,71 seines XML nicht.",
  );
  await german.close();
  for (const [locale, name, total] of [
    ["en-US", "Invoice total amount with VAT", "243.71"],
    ["de-DE", "Gesamtbetrag mit Umsatzsteuer", "243,71"],
  ] as const) {
    const viewer = await managerPage(browser, locale);
    await viewer.goto(`/system/${SYSTEM}/jobmonitor/details/${job.id}`);
    await hydrated(viewer.getByTestId("tab-einvoice"));
    await viewer.getByTestId("tab-einvoice").click();
    const terms = viewer.getByTestId("einvoice-terms");
    await expect(terms.getByRole("row", { name: new RegExp(`BT-112 ${name} ${total}`) })).toBeVisible();
    await expect(viewer.getByTestId("einvoice-lines")).toContainText(locale === "en-US" ? "Kopierpapier A4" : "Toner schwarz");
    await expectAccessible(viewer, `job e-invoice ${locale}`);
    await shot(viewer, `53-job-einvoice-${locale}`);
    if (locale === "de-DE") await darkShot(viewer, "53-job-einvoice-de");
    await viewer.close();
  }

  // an XRechnung posted as its XML, as a client sends it: read from the XML itself
  const posted = await page.request.post(`/api/jobs?auth=${submissionKey}`, {
    multipart: { file: { name: "xrechnung.xml", mimeType: "application/xml", buffer: Buffer.from(ublXml()) } },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const xml = await posted.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/jobs/${xml.id}?auth=${xml.auth}`)).json()).state, { timeout: 60_000 })
    .toBe("Ready");
  const xmlResult = await (await page.request.get(`/api/jobs/${xml.id}/files/result/result.json?auth=${xml.auth}`)).json();
  expect(xmlResult.documents[0].einvoice).toMatchObject({
    syntax: "UBL",
    profile: "XRECHNUNG",
    fields: { "BT-1": "RE-2025-0815" },
  });
  const viewer = await managerPage(browser);
  await viewer.goto(`/system/${SYSTEM}/jobmonitor/details/${xml.id}`);
  await hydrated(viewer.getByTestId("tab-einvoice"));
  await viewer.getByTestId("tab-einvoice").click();
  await expect(viewer.getByTestId("job-einvoices")).toContainText("XRECHNUNG");
  // an XML has no PDF whose text could disagree: the checks say only what they checked
  await expect(viewer.getByTestId("job-einvoices")).toContainText("All checks passed: the totals add up.");
  await expect(viewer.getByTestId("job-einvoices")).not.toContainText("the PDF shows");
  await expect(
    viewer.getByTestId("einvoice-terms").getByRole("row", { name: /BT-112 Invoice total amount with VAT 243.71/ }),
  ).toBeVisible();
  await shot(viewer, "53-job-einvoice-xml");
  await viewer.close();

  // the statistics count them by syntax and profile, in both languages
  for (const locale of ["en-US", "de-DE"] as const) {
    const stats = await managerPage(browser, locale);
    await stats.goto(`/system/${SYSTEM}/statistics`);
    const breakdown = stats.getByTestId("einvoice-breakdown");
    await expect(breakdown).toBeVisible();
    await expect(breakdown.getByTestId("einvoice-syntaxes").getByRole("row", { name: "CII 2" })).toBeVisible();
    await expect(breakdown.getByTestId("einvoice-syntaxes").getByRole("row", { name: "UBL 1" })).toBeVisible();
    await expect(breakdown.getByTestId("einvoice-profiles").getByRole("row", { name: "EN16931 2" })).toBeVisible();
    await expect(breakdown.getByTestId("einvoice-profiles").getByRole("row", { name: "XRECHNUNG 1" })).toBeVisible();
    await expect(breakdown).toContainText(locale === "en-US" ? "1 of them with check warnings" : "1 davon mit Prüfwarnungen");
    await expect(stats.getByTestId("statistics-total").getByTestId("einvoice-hint")).toHaveText("CII 2 · UBL 1");
    await expectAccessible(stats, `statistics e-invoices ${locale}`);
    await shot(stats, `54-statistics-einvoices-${locale}`);
    if (locale === "de-DE") await darkShot(stats, "54-statistics-einvoices-de");
    await stats.close();
  }
});
