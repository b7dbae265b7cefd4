import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { pageHydrated } from "./fixtures";

export const SHOTS = "test-results/screenshots";

/**
 * axe on the page as it is now: no serious or critical violation. Transitions end first: a button that fades back
 * in from its pending state (opacity) would be measured half transparent; endless animations are left running.
 * The title comes first too: Next streams a dynamic page's metadata after its body, and axe read one page untitled.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await expect(page).toHaveTitle(/\S/);
  await page.waitForFunction(
    // endless ones (a skeleton's pulse) never end and are not transitions
    () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // In the page itself (legacy mode: the pages have no cross-origin frames) and with the nodes of violations only: the
  // default opens a blank page to finish every run and lists every passing node, 1.8 s a page where this takes 0.6 s
  // with the same violations (121 runs in the suite)
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Waits until React has hydrated the page (./fixtures.ts pageHydrated: committed, not only rendered) and the element
 * (it carries React's props). The props alone are set while React renders, before it commits: a native control used in
 * between acts natively, unseen by React's handlers (the row checkboxes take such a change on at commit,
 * components/ui/checkbox.tsx NativeCheckbox).
 */
export async function hydrated(locator: Locator): Promise<void> {
  await pageHydrated(locator.page());
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")))).toBe(true);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A token for the REST API, for arranging data the UI of later issues will manage. */
export async function apiToken(page: Page, userName: string, password: string, systemName = "Supersystem"): Promise<string> {
  const res = await page.request.post("/api/auth/login", { data: { systemName, userName, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The admin password after foundation.spec.ts's forced change. */
export const ADMIN_PASSWORD_CHANGED = "Admin-Changed2!";

/**
 * A token of `admin`, whatever state an earlier spec left it in: the first password with its forced
 * change still pending (then it is changed here), or the changed one.
 */
export async function adminToken(page: Page, initialPassword: string): Promise<string> {
  const first = await page.request.post("/api/auth/login", {
    data: { systemName: "Supersystem", userName: "admin", password: initialPassword },
  });
  if (first.status() === 200) {
    const holder = (await first.json()) as { token: string; userId: string };
    const changed = await page.request.post(`/api/users/${holder.userId}/password/changeRequired`, {
      headers: { authorization: `Bearer ${holder.token}` },
      data: { newPassword: ADMIN_PASSWORD_CHANGED },
    });
    expect(changed.status(), await changed.text()).toBe(204);
  }
  return apiToken(page, "admin", ADMIN_PASSWORD_CHANGED);
}

/** A page of a new English browser context, signed in to the admin portal as `admin`, on its dashboard. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await adminToken(page, ADMIN_PASSWORD);
  await page.goto("/admin/login");
  await signIn(page, "admin", ADMIN_PASSWORD_CHANGED);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel("User name").fill(userName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function darkShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem("theme", "dark");
    document.documentElement.classList.add("dark");
  });
  await page.waitForTimeout(400); // let colour transitions finish
  await shot(page, `${name}-dark`);
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    document.documentElement.classList.remove("dark");
  });
}

/**
 * Every select of the page reads in both themes: it takes the theme's `color-scheme` (which the browser's own option
 * list follows) and its options have an opaque background with text of at least 4.5:1 on it. The option list of a
 * native select is drawn outside the page, where neither a screenshot nor axe sees it; this checks what it is drawn
 * from. The page's theme is as before afterwards.
 */
export async function expectReadableSelects(page: Page, label: string): Promise<void> {
  const count = await page.locator("select").count();
  expect(count, `${label}: selects on the page`).toBeGreaterThan(0);
  for (const theme of ["light", "dark"] as const) {
    const found = await page.evaluate((theme) => {
      const root = document.documentElement;
      const wasDark = root.classList.contains("dark");
      root.classList.toggle("dark", theme === "dark");
      const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      if (!canvas) throw new Error("no canvas");
      /** a CSS colour (oklch included) as sRGB bytes with alpha, by painting it */
      const rgba = (color: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data];
      };
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r, g, b].map((v) => {
          const c = (v ?? 0) / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
      };
      const result = [...document.querySelectorAll("select")].map((select) => {
        const options = [...select.options].map((option) => {
          const style = getComputedStyle(option);
          const bg = rgba(style.backgroundColor);
          const fg = rgba(style.color);
          const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
          return { text: option.text, opaque: bg[3] === 255, contrast: ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05) };
        });
        return { id: select.id || select.dataset.testid || select.name, scheme: getComputedStyle(select).colorScheme, options };
      });
      root.classList.toggle("dark", wasDark);
      return result;
    }, theme);
    for (const select of found) {
      expect(select.scheme, `${label}: color-scheme of ${select.id} (${theme})`).toBe(theme);
      for (const option of select.options) {
        expect(option.opaque, `${label}: background of ${select.id} option "${option.text}" (${theme})`).toBe(true);
        expect(option.contrast, `${label}: contrast of ${select.id} option "${option.text}" (${theme})`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  }
}

export type TenantUser = { name: string; password: string };

/** A tenant system with one user of the given roles, made through the REST API as `admin` (a spec's beforeAll). */
export async function makeTenant(browser: Browser, system: string, user: TenantUser, roles: string[]): Promise<void> {
  const page = await (await browser.newContext()).newPage();
  const headers = { authorization: `Bearer ${await adminToken(page, ADMIN_PASSWORD)}` };
  const made = await page.request.post("/api/systems", { headers, data: { name: system } });
  expect(made.status(), await made.text()).toBe(200);
  const registered = await page.request.post("/api/users/register", {
    headers,
    data: { systemName: system, name: user.name, password: user.password, roles, requiresPasswordChange: false },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await page.context().close();
}

/**
 * A page of a new browser context in `locale` (and the browser's time zone `timezoneId`, else the machine's), signed in
 * to the system portal of `system` as `user`, on its dashboard.
 */
export async function tenantPage(
  browser: Browser,
  system: string,
  user: TenantUser,
  locale: "en-US" | "de-DE" = "en-US",
  timezoneId?: string,
): Promise<Page> {
  const context = await browser.newContext({ locale, ...(timezoneId ? { timezoneId } : {}) });
  const page = await context.newPage();
  await page.goto(`/login?system=${system}`);
  if (locale === "de-DE") {
    await page.getByLabel("Benutzername").fill(user.name);
    await page.getByLabel("Passwort", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
  } else {
    await signIn(page, user.name, user.password);
  }
  await expect(page).toHaveURL(new RegExp(`/system/${system}/dashboard$`));
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
  return page;
}
