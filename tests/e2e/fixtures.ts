import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";

// Google's script cannot load here (no network): a stand-in with the same API hands the page the
// token a test makes in window.__googleCredential(nonce) (signed with the run's own key, carrying the
// nonce the page passed to initialize, as Google does; see google-keys.ts).
const GOOGLE_IDENTITY_STAND_IN = `
window.google = { accounts: { id: {
  initialize(options) { window.__googleOptions = options; },
  renderButton(element) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Sign in with Google";
    button.onclick = async () =>
      window.__googleOptions.callback({ credential: await window.__googleCredential(window.__googleOptions.nonce) });
    element.append(button);
  },
} } };`;

export function withGoogleStandIn(context: BrowserContext) {
  return context.route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({ contentType: "text/javascript", body: GOOGLE_IDENTITY_STAND_IN }),
  );
}

/**
 * A page's buttons work once React has hydrated it (`<html data-hydrated="true">`); the server's HTML
 * is painted first (decision 0023), so a click right after a navigation could reach a button without
 * its handler. `goto` and `reload` therefore also wait for hydration on pages that run the app's
 * scripts (plain server pages, such as the e-mail link's confirm page, have no module script).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === "true" || !document.querySelector('script[type="module"]'),
    undefined,
    { timeout: 15_000 },
  );
}

function waitingForHydration(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

/**
 * Every page test fails on a console error or an uncaught page error
 * (docs/ARCHITECTURE.md, "No stray console.error").
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // An error page answers with its status (404, 500): Chromium logs that document load as an error.
      const documents = new Set<string>();
      page.on("response", (response) => {
        if (response.request().resourceType() === "document") documents.add(response.url());
        // An API call refused with a 4xx envelope (e.g. NOT_ENOUGH_POINTS) is handled by the page;
        // Chromium still logs the status. Server errors (5xx) stay failures.
        const status = response.status();
        if (new URL(response.url()).pathname.startsWith("/api/") && status >= 400 && status < 500) documents.add(response.url());
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (message.text().startsWith("Failed to load resource") && documents.has(message.location().url)) return;
        // A shared photo past its hour answers 404, which the create panel handles (decision 0046); the
        // message may come before its response event, so it is known by its address.
        if (message.text().startsWith("Failed to load resource") && /\/files\/shared\//.test(message.location().url)) return;
        // The address says which file failed: Chromium's text alone does not.
        errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      waitingForHydration(page);
      page.context().on("page", waitingForHydration);
      await withGoogleStandIn(page.context());
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
