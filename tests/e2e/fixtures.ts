import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Resolves once React has hydrated the whole page: its root committed and no Suspense boundary left dehydrated. An
 * answer that is no Next.js page (JSON, a file) resolves at once. Playwright's navigations end at the load event,
 * before hydration: a select chosen in between was set back to the form's value when React took the page over.
 */
export async function pageHydrated(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        if (!("__next_f" in self)) return true;
        type Fiber = {
          tag: number;
          child?: Fiber;
          sibling?: Fiber;
          memoizedState?: { isDehydrated?: boolean; dehydrated?: unknown };
        };
        const container = Object.entries(document).find(([key]) => key.startsWith("__reactContainer$"))?.[1] as
          | { stateNode?: { current?: Fiber } }
          | undefined;
        const root = container?.stateNode?.current;
        if (root?.memoizedState?.isDehydrated !== false) return false;
        // depth first over the committed tree; a Suspense boundary (tag 13) not hydrated yet keeps its server markup
        const stack = [root.child];
        while (stack.length) {
          const fiber = stack.pop();
          if (!fiber) continue;
          if (fiber.tag === 13 && fiber.memoizedState?.dehydrated) return false;
          stack.push(fiber.sibling, fiber.child);
        }
        return true;
      },
      undefined,
      { timeout: 15_000, polling: 50 },
    );
  } catch (error) {
    throw new Error(`the page did not hydrate: ${page.url()}`, { cause: error });
  }
}

/**
 * The page's `goto` and `reload` resolve once the page has hydrated (pageHydrated), as a person would wait for it; a
 * `goto` with `waitUntil: "commit"` acts before on purpose (the job monitor's pre-hydration checkbox test).
 */
function waitForHydration(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await pageHydrated(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await pageHydrated(page);
    return response;
  };
}

/**
 * Watches a context the test opened: its pages wait for hydration (waitForHydration), and every message a client
 * component missed on them is noted in `missing` (next-intl logs MISSING_MESSAGE).
 */
function watch(context: BrowserContext, missing: string[]): void {
  for (const page of context.pages()) waitForHydration(page);
  context.on("page", waitForHydration);
  context.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("MISSING_MESSAGE"))
      missing.push(`${message.page()?.url() ?? ""}: ${message.text().slice(0, 300)}`);
  });
}

/**
 * Playwright's `test`, closing the browser contexts a test opened once it ends, and failing a test whose pages missed
 * a message: a client component whose namespace its layouts did not hand down (`npm run check:messages` reads the
 * code; this sees the pages). The specs open their own contexts (one per user, language or theme) on the worker's
 * shared browser; left open, every page of every earlier test kept polling the server (live dashboards, job monitors)
 * and slowed the tests that came after it.
 */
export const test = base.extend<{ missingMessages: string[]; closeOwnContexts: undefined }>({
  missingMessages: [
    async ({ browser: _ }, use) => {
      const missing: string[] = [];
      await use(missing);
      expect(missing, "messages missing on the pages").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, missingMessages }, use) => {
    watch(page.context(), missingMessages);
    await use(page);
  },
  closeOwnContexts: [
    async ({ browser, missingMessages }, use) => {
      const before = new Set(browser.contexts());
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        watch(context, missingMessages);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
