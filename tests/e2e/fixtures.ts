import { type BrowserContext, test as base, expect } from "@playwright/test";

export * from "@playwright/test";

/** Notes every message a client component missed on the context's pages (next-intl logs MISSING_MESSAGE). */
function watchMessages(context: BrowserContext, missing: string[]): void {
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
    watchMessages(page.context(), missingMessages);
    await use(page);
  },
  closeOwnContexts: [
    async ({ browser, missingMessages }, use) => {
      const before = new Set(browser.contexts());
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        watchMessages(context, missingMessages);
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
