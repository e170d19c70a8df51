import { test as base, expect } from "@playwright/test";

/** Every page test fails on a console error or an uncaught page error (STYLE.md: no stray console.error). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // An error page answers with its status (404, 500): Chromium logs that document load as an error.
      const documents = new Set<string>();
      page.on("response", (response) => {
        if (response.request().resourceType() === "document") documents.add(response.url());
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (message.text().startsWith("Failed to load resource") && documents.has(message.location().url)) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
