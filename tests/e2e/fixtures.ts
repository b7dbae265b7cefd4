import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's `test`, closing the browser contexts a test opened once it ends. The specs open their own contexts
 * (one per user, language or theme) on the worker's shared browser; left open, every page of every earlier test
 * kept polling the server (live dashboards, job monitors) and slowed the tests that came after it.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
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
