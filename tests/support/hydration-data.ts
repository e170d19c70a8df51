/** The hydration data a page's HTML carries inline: the text of React Router's stream scripts. */
export function inlineHydrationData(html: string): string {
  return [...html.matchAll(/<script[^>]*>(window\.__reactRouterContext\.streamController[^<]*)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .join("");
}
