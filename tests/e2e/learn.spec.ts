import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type LearnKind, learnDocument } from "../fixtures/learn-documents";
import { sampleEsproject } from "../fixtures/project";
import { type Browser, expect, test } from "./fixtures";
import { apiToken, darkShot, expectAccessible, hydrated, makeTenant, shot, tenantPage } from "./helpers";

test.describe.configure({ mode: "serial" });

const SYSTEM = "Learnia";
const LENA = { name: "lena", password: "Lena-Passw0rd!" };
const KINDS: LearnKind[] = ["invoice", "delivery", "application"];
// made by the clustering test, used by the tests after it
let learnId = "";
let extractionId = "";
const lenaPage = (browser: Browser, locale: "en-US" | "de-DE" = "en-US") => tenantPage(browser, SYSTEM, LENA, locale);

function learnFile(name: string): string {
  const file = path.join(tmpdir(), `${name}.esproject`);
  writeFileSync(file, sampleEsproject({ type: "Learn", documentClasses: [], learn: { minClusterSize: 3, similarity: 0.5 } }));
  return file;
}

test.beforeAll(async ({ browser }) => {
  await makeTenant(browser, SYSTEM, LENA, ["Administrator"]);
});

test("a learn project is added from its file, locked for updating, deleted softly and shown again with include-deleted", async ({
  browser,
}) => {
  const page = await lenaPage(browser);
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Learn projects", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/system/${SYSTEM}/learnProjects$`));
  await expect(page.getByTestId("learn-projects-table")).toContainText("No learn projects yet.");
  await shot(page, "150-learn-projects-empty");

  await page.getByTestId("add-learn-project").click();
  await page.getByTestId("esproject-file").setInputFiles(learnFile("Unknown mail"));
  await expect(page.getByLabel("Name")).toHaveValue("Unknown mail");
  await expectAccessible(page, "learn project add");
  await shot(page, "151-learn-project-add");
  await page.getByTestId("upload-project").click();
  await expect(page).toHaveURL(/\/learnProjects\/edit\//, { timeout: 30_000 });
  const id = (await page.getByTestId("project-id").textContent()) ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // the updating lock is kept
  await page.getByLabel(/Being updated/).check();
  await page.getByTestId("save-learn-project").click();
  await expect(page.getByTestId("status-bar")).toContainText("The learn project has been saved.");
  await page.reload();
  await expect(page.getByLabel(/Being updated/)).toBeChecked();
  await expectAccessible(page, "learn project edit");
  await shot(page, "152-learn-project-edit");
  await darkShot(page, "152-learn-project-edit");

  // the list: the portal opens in a new tab at /learn/{systemName}/project/{id}
  await page.goto(`/system/${SYSTEM}/learnProjects`);
  const table = page.getByTestId("learn-projects-table");
  const row = table.locator("tbody tr", { hasText: "Unknown mail" });
  await expect(row).toContainText(id);
  const portal = row.getByRole("link", { name: "Open the learn portal" });
  await expect(portal).toHaveAttribute("href", `/learn/${SYSTEM}/project/${id}`);
  await expect(portal).toHaveAttribute("target", "_blank");
  await shot(page, "153-learn-projects");

  // soft delete after yes: gone from the list, back (disabled) with include-deleted
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("status-bar")).toContainText("The learn project has been deleted.");
  await expect(table).toContainText("No learn projects yet.");
  await page.getByTestId("include-deleted").check();
  await expect(page).toHaveURL(/includeDeleted=true/);
  const deleted = table.locator("tbody tr", { hasText: "Unknown mail" });
  await expect(deleted.getByRole("button", { name: "Delete" })).toBeDisabled();
  await expectAccessible(page, "learn projects with deleted");
  await shot(page, "154-learn-projects-deleted");
  await darkShot(page, "154-learn-projects-deleted");
});

test("the learn project pages in German", async ({ browser }) => {
  const page = await lenaPage(browser, "de-DE");
  await page.goto(`/system/${SYSTEM}/learnProjects?includeDeleted=true`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lernprojekte");
  await expect(page.getByTestId("learn-projects-table")).toContainText("Unknown mail");
  await shot(page, "155-learn-projects-de");
  await page.getByTestId("add-learn-project").click();
  await page.getByTestId("upload-project").click();
  await expect(page.getByTestId("error-file")).toBeVisible();
  await shot(page, "156-learn-project-add-de");
});

test("documents become clusters: posted through the API, learned with learn now, named and completed in the portal, exported, classifying", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await lenaPage(browser);
  const token = await apiToken(page, LENA.name, LENA.password, SYSTEM);
  const auth = { Authorization: `Bearer ${token}` };
  const system = await (await page.request.get(`/api/systems/name/${SYSTEM}`, { headers: auth })).json();
  const projectForm = (file: Uint8Array, name: string) => {
    const form = new FormData();
    form.append("esproject", new Blob([new Uint8Array(file)], { type: "application/zip" }), `${name}.esproject`);
    form.append("meta", JSON.stringify({ name, systemId: system.id }));
    return form;
  };
  const learnProject = await page.request.post("/api/v3/learn/projects", {
    headers: auth,
    multipart: projectForm(
      sampleEsproject({ type: "Learn", documentClasses: [], learn: { minClusterSize: 3, similarity: 0.5 } }),
      "Mailroom",
    ),
  });
  expect(learnProject.status(), await learnProject.text()).toBe(200);
  learnId = (await learnProject.json()).id as string;
  const keyOf = async (id: string) =>
    (await (await page.request.get(`/api/v3/projects/${id}/submissionKey`, { headers: auth })).json()).submissionKey as string;

  // six documents of each kind, one job each
  const post = async (key: string, text: string, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([text], { type: "text/plain" }), name);
    const res = await page.request.post(`/api/jobs?auth=${key}`, { multipart: form });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { id: number; auth: string };
  };
  const ready = (job: { id: number; auth: string }) =>
    expect
      .poll(async () => (await (await page.request.get(`/api/jobs/${job.id}?auth=${job.auth}`)).json()).state, {
        timeout: 60_000,
      })
      .toBe("Ready");
  const key = await keyOf(learnId);
  const jobs = [];
  for (const kind of KINDS) for (let i = 0; i < 6; i++) jobs.push(await post(key, learnDocument(kind, i), `${kind}-${i}.txt`));
  for (const job of jobs) await ready(job);

  // the portal: documents waiting, then learn now, its progress, and the clusters
  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await expect(page.getByTestId("figure-documents")).toHaveText("18");
  await expect(page.getByTestId("learn-empty-clusters")).toBeVisible();
  await shot(page, "160-learn-portal-not-learned");
  await page.getByTestId("learn-now").click();
  await expect(page.getByTestId("run-state")).toHaveText("Ready", { timeout: 90_000 });
  await expect(page.getByTestId("cluster-card")).toHaveCount(3, { timeout: 15_000 });
  await expectAccessible(page, "learn portal overview");
  await shot(page, "161-learn-portal-clusters");
  await darkShot(page, "161-learn-portal-clusters");

  // the invoices' cluster is named and completed; its page holds the lock while it is open
  const invoices = page.getByTestId("cluster-card").filter({ hasText: /invoice/i });
  await invoices.getByRole("link").click();
  await expect(page.getByTestId("cluster-page")).toBeVisible();
  await page.getByTestId("cluster-form").getByLabel("Name").fill("Invoices");
  await page.getByTestId("cluster-form").getByLabel("Complete").check();
  await page.getByTestId("save-cluster").click();
  await expect(page.getByTestId("status-bar")).toContainText(/saved/i);
  await page.getByTestId("open-document").first().click();
  await expect(page.getByTestId("document-text")).toContainText(/invoice/i);
  await expectAccessible(page, "learn portal document");
  await shot(page, "162-learn-portal-document");
  await page.keyboard.press("Escape");
  await expectAccessible(page, "learn portal cluster");
  // the documents' excerpts wrap: the page is no wider than the window
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, "163-learn-portal-cluster");
  await page.getByTestId("back-to-overview").click();
  await expect(page.getByTestId("cluster-card").filter({ hasText: "Invoices" })).toBeVisible();

  // exported into an extraction project: a new invoice there is classified by the learned class
  const extraction = await page.request.post("/api/v3/projects", {
    headers: auth,
    multipart: projectForm(sampleEsproject({ documentClasses: [] }), "Mail classes"),
  });
  expect(extraction.status(), await extraction.text()).toBe(200);
  extractionId = (await extraction.json()).id as string;
  await page.reload();
  const exportCard = page.getByTestId("learn-export-card");
  // no project is chosen for the user: "Export …" waits for a choice
  await expect(exportCard.getByLabel("Extraction project").locator("option:checked")).toHaveText(
    "Choose an extraction project …",
  );
  await expect(exportCard.getByTestId("learn-export")).toBeDisabled();
  await exportCard.getByLabel("Extraction project").selectOption({ label: "Mail classes" });
  // it asks first, showing what changes of the project's classes
  await exportCard.getByTestId("learn-export").click();
  const preview = page.getByTestId("learn-export-preview");
  await expect(preview).toContainText("Export to Mail classes?");
  await expect(preview.getByTestId("export-added")).toContainText("Added (one class)");
  await expect(preview.getByTestId("export-added")).toContainText("Invoices");
  await expectAccessible(page, "learn export question");
  await shot(page, "165a-learn-export-question");
  await preview.getByTestId("confirm-export").click();
  await expect(page.getByTestId("status-bar")).toContainText("1 class exported to Mail classes.");
  await shot(page, "165-learn-portal-exported");
  const job = await post(await keyOf(extractionId), learnDocument("invoice", 40), "new-invoice.txt");
  await ready(job);
  const result = await (await page.request.get(`/api/jobs/${job.id}/files/result/result.json?auth=${job.auth}`)).json();
  expect(result.documents[0].class).toBe("Invoices");

  // moving the export to another project takes the linked one's learned classes away: it asks yes/no first
  const classesOf = async (id: string) =>
    (await (await page.request.get(`/api/v3/projects/${id}`, { headers: auth })).json()).documentClasses as string[];
  const archive = await page.request.post("/api/v3/projects", {
    headers: auth,
    multipart: projectForm(sampleEsproject({ documentClasses: [] }), "Archive classes"),
  });
  expect(archive.status(), await archive.text()).toBe(200);
  const archiveId = (await archive.json()).id as string;
  await page.reload();
  const exportTo = exportCard.getByLabel("Extraction project");
  await expect(exportTo.locator("option:checked")).toHaveText("Mail classes (linked)");
  await exportTo.selectOption({ label: "Archive classes" });
  await exportCard.getByTestId("learn-export").click();
  const question = page.getByTestId("learn-export-preview");
  await expect(question).toContainText("Export to Archive classes?");
  await expect(question.getByTestId("export-unlinks")).toContainText(
    "The export moves here: the learned classes leave Mail classes, which becomes a plain extraction project again.",
  );
  await expectAccessible(page, "learn export, move question");
  await shot(page, "165b-learn-export-move-question");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  expect(await classesOf(extractionId)).toContain("Invoices");
  expect(await classesOf(archiveId)).not.toContain("Invoices");
  // yes: the export moves
  await exportCard.getByTestId("learn-export").click();
  await page.getByTestId("confirm-export").click();
  await expect(exportTo.locator("option:checked")).toHaveText("Archive classes (linked)");
  expect(await classesOf(archiveId)).toContain("Invoices");
  expect(await classesOf(extractionId)).not.toContain("Invoices");
  // and back to Mail classes (asked again), which the tests below classify with
  await exportTo.selectOption({ label: "Mail classes" });
  await exportCard.getByTestId("learn-export").click();
  await page.getByTestId("confirm-export").click();
  await expect(exportTo.locator("option:checked")).toHaveText("Mail classes (linked)");
  expect(await classesOf(extractionId)).toContain("Invoices");

  // a project whose own class is named like the cluster: the export teaches that class, no "Invoices" twice
  const rules = await page.request.post("/api/v3/projects", {
    headers: auth,
    multipart: projectForm(
      sampleEsproject({ documentClasses: [{ name: "Invoices", keywords: ["invoice"], patterns: [], fields: [] }] }),
      "Rule classes",
    ),
  });
  expect(rules.status(), await rules.text()).toBe(200);
  const rulesId = (await rules.json()).id as string;
  await page.reload();
  await exportTo.selectOption({ label: "Rule classes" });
  await exportCard.getByTestId("learn-export").click();
  await expect(question.getByTestId("export-replaced")).toContainText("Invoices");
  await expect(question.getByTestId("export-added")).toHaveCount(0);
  await shot(page, "165c-learn-export-same-name");
  await page.getByTestId("confirm-export").click();
  await expect(exportTo.locator("option:checked")).toHaveText("Rule classes (linked)");
  expect(await classesOf(rulesId)).toEqual(["Invoices"]);
  await exportTo.selectOption({ label: "Mail classes" });
  await exportCard.getByTestId("learn-export").click();
  await page.getByTestId("confirm-export").click();
  await expect(exportTo.locator("option:checked")).toHaveText("Mail classes (linked)");
  // the rule class forgot what it learned, and is still there once
  expect(await classesOf(rulesId)).toEqual(["Invoices"]);

  // German
  const de = await lenaPage(browser, "de-DE");
  await de.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await expect(de.getByTestId("cluster-card")).toHaveCount(3);
  await expectAccessible(de, "learn portal overview (de)");
  await shot(de, "164-learn-portal-de");
  // the export's question in German: what the export would change, nothing done until "Exportieren"
  const deExport = de.getByTestId("learn-export-card");
  await deExport.getByLabel("Extraktionsprojekt").selectOption({ label: "Archive classes" });
  await deExport.getByTestId("learn-export").click();
  const deQuestion = de.getByTestId("learn-export-preview");
  await expect(deQuestion).toContainText("Nach Archive classes exportieren?");
  await expect(deQuestion.getByTestId("export-added")).toContainText("Hinzugefügt (eine Klasse)");
  await expect(deQuestion.getByTestId("export-unlinks")).toContainText("Die gelernten Klassen werden aus Mail classes entfernt");
  await shot(de, "165d-learn-export-question-de");
  await deQuestion.getByRole("button", { name: "Abbrechen" }).click();
  await expect(deQuestion).toHaveCount(0);
  // a cluster reached by keyboard: Tab to its link, Enter; its page in German passes axe too
  const link = de.getByTestId("cluster-card").filter({ hasText: "Invoices" }).getByRole("link");
  await link.focus();
  await de.keyboard.press("Enter");
  await expect(de.getByTestId("cluster-page")).toBeVisible();
  await expectAccessible(de, "learn portal cluster (de)");
  await darkShot(de, "167-learn-portal-cluster-de");
  await de.getByTestId("back-to-overview").click();
  await expect(de.getByTestId("cluster-card")).toHaveCount(3);
});

test("a cluster is split and merged again in the portal, by keyboard too; the extraction project lists the learned class", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await lenaPage(browser);
  const status = page.getByTestId("status-bar");
  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await expect(page.getByTestId("cluster-card")).toHaveCount(3);
  const deliveries = page.getByTestId("cluster-card").filter({ hasText: /deliver|shipment|pallet|carrier|parcel/i });
  await deliveries.getByRole("link").click();
  await expect(page.getByTestId("cluster-page")).toBeVisible();
  const rows = page.getByTestId("cluster-documents").locator("tbody tr");
  await expect(rows).toHaveCount(6);

  // split off two documents: chosen with the keyboard (Space on each row's checkbox)
  for (const i of [0, 1]) {
    await hydrated(rows.nth(i).getByTestId("select-row"));
    // focus and key in one action: in the full CI run a separate focus() and keyboard.press() lost the first Space
    // (the box unticked, nothing selected) twice; what moves the focus in between is not found yet
    await rows.nth(i).getByTestId("select-row").press("Space");
    await expect(rows.nth(i).getByTestId("select-row")).toBeChecked();
    await expect(page.getByTestId("split-documents")).toHaveText(`Split off selected (${i + 1})`);
  }
  await page.getByTestId("split-documents").focus();
  await page.keyboard.press("Enter");
  await expect(status).toContainText(/2 documents split off into Cluster (\d+)\./);
  const split = /Cluster (\d+)\./.exec((await status.textContent()) ?? "")?.[1] ?? "";
  expect(split).not.toBe("");
  await expect(rows).toHaveCount(4);

  // merge it back: the dialog filtered by its number, its checkbox and the confirmation by keyboard
  await page.getByTestId("merge-clusters").click();
  const dialog = page.getByTestId("merge-dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "learn portal merge dialog");
  await shot(page, "166-learn-portal-merge");
  await dialog.getByLabel(/filter/i).fill(`#${split}`);
  await expect(dialog.getByRole("checkbox")).toHaveCount(1);
  await dialog.getByRole("checkbox").focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByTestId("merge-dialog-confirm")).toHaveText("Merge one cluster");
  await dialog.getByTestId("merge-dialog-confirm").focus();
  await page.keyboard.press("Enter");
  await expect(status).toContainText("One cluster merged; the cluster now holds 6 documents.");
  await expect(rows).toHaveCount(6);
  await page.getByTestId("back-to-overview").click();
  await expect(page.getByTestId("cluster-card")).toHaveCount(3);

  // the extraction project the clusters were exported into names the learned class and the learn project it is linked to
  await page.goto(`/system/${SYSTEM}/projects/edit/${extractionId}`);
  const linked = page.getByTestId("linked-learn-project");
  await expect(linked).toContainText("This project is linked to the learn project Mailroom");
  await expect(linked).toContainText("Learned class: Invoices");
  await expect(linked.getByTestId("linked-learn-project-link")).toHaveAttribute(
    "href",
    `/system/${SYSTEM}/learnProjects/edit/${learnId}`,
  );
  await expectAccessible(page, "project linked to a learn project");
  await shot(page, "172-project-linked-learn");
  const de = await lenaPage(browser, "de-DE");
  await de.goto(`/system/${SYSTEM}/projects/edit/${extractionId}`);
  await expect(de.getByTestId("linked-learn-project")).toContainText("Dieses Projekt ist mit dem Lernprojekt Mailroom verknüpft");
  await shot(de, "172-project-linked-learn-de");
  await de.getByTestId("linked-learn-project-link").click();
  await expect(de).toHaveURL(new RegExp(`/learnProjects/edit/${learnId}$`));
});

type Run = { id: number; state: string; trigger: string; errorCode: string | null };

test("a naming session: the runs its changes ask for wait for the open cluster and end Ready; a failed run tells why", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await lenaPage(browser);
  const auth = { Authorization: `Bearer ${await apiToken(page, LENA.name, LENA.password, SYSTEM)}` };
  const base = `/api/v3/learn/projects/${learnId}`;
  const runs = async () => (await (await page.request.get(`${base}/runs?pageSize=100`, { headers: auth })).json()).items as Run[];
  // the runs of the tests before have ended
  await expect
    .poll(async () => (await runs()).filter((r) => r.state === "Waiting" || r.state === "Running"), { timeout: 60_000 })
    .toEqual([]);
  const before = new Set((await runs()).map((r) => r.id));

  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  // an unnamed cluster has one name everywhere: "Cluster 2"
  const unnamed = page.getByTestId("cluster-card").getByRole("link", { name: /^Cluster \d+$/ });
  await expect(unnamed).toHaveCount(2);
  for (const [i, name] of ["Deliveries", "Applications"].entries()) {
    await unnamed.first().click();
    await expect(page.getByTestId("cluster-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Cluster \d+$/);
    await expect(page.getByTestId("lock-bar")).toHaveAttribute("data-lock", "mine");
    await page.getByTestId("cluster-form").getByLabel("Name").fill(name);
    await page.getByTestId("save-cluster").click();
    await expect(page.getByTestId("status-bar")).toContainText(/saved/i);
    if (i === 0) {
      // the run the rename asked for waits for this page's lock (it does not fail on it): the overview says so
      const overview = await page.context().newPage();
      await overview.goto(`/learn/${SYSTEM}/project/${learnId}`);
      await expect(overview.getByTestId("run-waiting")).toHaveText(
        `Waits until ${LENA.name} has finished editing “${name}”: the run starts once the lock is released (a lock lapses 3 minutes after its page was closed).`,
      );
      await expectAccessible(overview, "learn run waiting for a lock");
      await shot(overview, "168-learn-run-waiting");
      await darkShot(overview, "168-learn-run-waiting");
      await overview.close();
      const de = await lenaPage(browser, "de-DE");
      await de.goto(`/learn/${SYSTEM}/project/${learnId}`);
      await expect(de.getByTestId("run-waiting")).toContainText(
        `Wartet, bis ${LENA.name} die Bearbeitung von „${name}“ beendet hat`,
      );
      await shot(de, "168-learn-run-waiting-de");
      await de.context().close();
    }
    await page.getByTestId("back-to-overview").click();
    await expect(page.getByTestId("cluster-card").getByRole("link", { name: new RegExp(`${name}$`) })).toBeVisible();
  }
  // every run the session asked for ends Ready: none failed on a lock of the session
  await expect
    .poll(async () => (await runs()).filter((r) => !before.has(r.id)).map((r) => r.state), { timeout: 90_000 })
    .toEqual(expect.arrayContaining(["Ready"]));
  await expect
    .poll(async () => (await runs()).filter((r) => !before.has(r.id) && r.state !== "Ready"), { timeout: 90_000 })
    .toEqual([]);

  // a run that fails says why: the project goes under its updating lock while a run waits for a cluster's lock
  const clusters = (await (await page.request.get(`${base}/clusters`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const deliveries = clusters.find((c) => c.name === "Deliveries")?.id ?? "";
  expect((await page.request.post(`${base}/clusters/${deliveries}/lock`, { headers: auth })).status()).toBe(200);
  expect((await page.request.put(`${base}/clusters/${deliveries}`, { headers: auth, data: { complete: true } })).status()).toBe(
    200,
  );
  await expect.poll(async () => (await runs())[0]?.state).toBe("Waiting");
  const metadata = (updating: boolean) =>
    page.request.put(`/api/v3/projects/${learnId}/metadata`, { headers: auth, data: { name: "Mailroom", updating } });
  expect((await metadata(true)).status()).toBe(200);
  expect((await page.request.post(`${base}/clusters/${deliveries}/unlock`, { headers: auth })).status()).toBe(200);
  await expect.poll(async () => (await runs())[0]?.errorCode, { timeout: 90_000 }).toBe("LearnProjectUpdating");
  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  const failed = page.getByTestId("run-error");
  await expect(failed).toContainText("LearnProjectUpdating");
  await expect(failed).toContainText(
    "The learn project Mailroom is being reworked (updating lock): learn runs leave it alone until the lock is off.",
  );
  // the earlier runs of the history: each failed one with its reason too
  await page.getByTestId("learn-run-panel").locator("summary").click();
  await expectAccessible(page, "learn run failed");
  await shot(page, "169-learn-run-failed");
  const de = await lenaPage(browser, "de-DE");
  await de.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await expect(de.getByTestId("run-error")).toContainText("Das Lernprojekt Mailroom wird gerade überarbeitet");
  await shot(de, "169-learn-run-failed-de");
  expect((await metadata(false)).status()).toBe(200);
});

test("a lock left by a browser that died: its owner releases it from the overview; learn now shows its run in the panel", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await lenaPage(browser);
  const auth = { Authorization: `Bearer ${await apiToken(page, LENA.name, LENA.password, SYSTEM)}` };
  const base = `/api/v3/learn/projects/${learnId}`;
  const clusters = (await (await page.request.get(`${base}/clusters`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const applications = clusters.find((c) => c.name === "Applications")?.id ?? "";
  // taken through the API and never given back: as a tab that crashed leaves it
  expect((await page.request.post(`${base}/clusters/${applications}/lock`, { headers: auth })).status()).toBe(200);

  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  const mine = page.getByTestId("my-locks");
  await expect(mine).toContainText("You hold the lock of Applications.");
  await page.getByTestId("learn-now").click();
  await expect(page.getByTestId("status-bar")).toContainText(`“Applications” is locked by ${LENA.name}.`);
  await expectAccessible(page, "learn portal, my locks");
  await shot(page, "170-learn-my-locks");
  await darkShot(page, "170-learn-my-locks");
  const de = await lenaPage(browser, "de-DE");
  await de.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await expect(de.getByTestId("my-locks")).toContainText("Sie halten die Sperre von Applications.");
  await shot(de, "170-learn-my-locks-de");

  await page.getByTestId("release-my-locks").click();
  await expect(page.getByTestId("status-bar")).toContainText("One lock released.");
  await expect(mine).toHaveCount(0);
  // learn now (all anew): the panel beside follows the new run until it is Ready
  await page.getByTestId("learn-only-changed-false").check();
  await page.getByTestId("learn-now").click();
  const latest = page.getByTestId("latest-run");
  await expect(page.getByTestId("run-state")).toHaveText(/Waiting|Running/);
  await expect(latest).toContainText(`Started by hand · ${LENA.name}`);
  await shot(page, "171-learn-run-progress");
  await expect(page.getByTestId("run-state")).toHaveText("Ready", { timeout: 90_000 });
  await expect(latest).toContainText(`Started by hand · ${LENA.name}`);
  // the history: the failed run of the test before tells its reason there too
  await page.getByTestId("learn-run-panel").locator("summary").click();
  const history = page.getByTestId("earlier-runs");
  await expect(history.getByTestId("run-error-reason")).toHaveText(
    "LearnProjectUpdatingThe learn project Mailroom is being reworked (updating lock): learn runs leave it alone until the lock is off.",
  );
  await shot(page, "171-learn-run-ready");
  await de.reload();
  await de.getByTestId("learn-run-panel").locator("summary").click();
  await expect(de.getByTestId("earlier-runs").getByTestId("run-error-reason")).toContainText(
    "Das Lernprojekt Mailroom wird gerade überarbeitet",
  );
  await shot(de, "171-learn-run-history-de");
});

test("one look at a cluster is one audit row; an unknown learn project is not found inside the portal's frame", async ({
  browser,
}) => {
  const page = await lenaPage(browser);
  const auth = { Authorization: `Bearer ${await apiToken(page, LENA.name, LENA.password, SYSTEM)}` };
  const query = new URLSearchParams({
    project: "Mailroom",
    "categories[]": "LearnProject",
    user: LENA.name,
    value: '*"lock"*',
    pageSize: "5",
  });
  const lockRows = async () =>
    (await (await page.request.get(`/api/v3/audittrail?${query}`, { headers: auth })).json()).totalCount as number;
  const rows = await lockRows();
  await page.goto(`/learn/${SYSTEM}/project/${learnId}`);
  await page
    .getByTestId("cluster-card")
    .getByRole("link", { name: /Invoices$/ })
    .click();
  await expect(page.getByTestId("lock-bar")).toHaveAttribute("data-lock", "mine");
  await page.getByTestId("back-to-overview").click();
  await expect(page.getByTestId("cluster-grid")).toBeVisible();
  await expect.poll(lockRows).toBe(rows + 1);

  for (const [locale, title] of [
    ["en-US", "Not found"],
    ["de-DE", "Nicht gefunden"],
  ] as const) {
    const p = locale === "en-US" ? page : await lenaPage(browser, locale);
    for (const id of ["6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "no-project"]) {
      await p.goto(`/learn/${SYSTEM}/project/${id}`);
      await expect(p.getByTestId("learn-portal-label")).toBeVisible();
      await expect(p.getByRole("heading", { level: 1 })).toContainText(title);
    }
    await shot(p, `173-learn-portal-not-found${locale === "de-DE" ? "-de" : ""}`);
  }
});
