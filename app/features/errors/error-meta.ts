import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { metaTranslate } from "#app/i18n/meta.ts";

export const ERROR_PAGE_TYPES = [403, 404, 500] as const;
export type ErrorPageType = (typeof ERROR_PAGE_TYPES)[number];

/** The error page a status shows: 403 and 404 as they are, anything else as 500. */
export function errorPageTypeOf(status: number): ErrorPageType {
  return status === 403 || status === 404 ? status : 500;
}

/** The status of what a loader threw: a thrown Response's own, anything else 500. */
export function statusOfError(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * Whether what failed is the network, not the page: a navigation's data request that could not leave
 * an offline browser (a thrown TypeError from fetch), never a status the server answered.
 */
export function isOfflineError(error: unknown, online: boolean): boolean {
  return !online && !isRouteErrorResponse(error);
}

/** English texts for when the catalog itself could not load (the root loader failed). */
export const ERROR_TEXT_FALLBACK: Record<string, string> = {
  "app.name": "Sticker Studio",
  "error.403.title": "Access denied",
  "error.403.text": "You do not have permission to see this page.",
  "error.404.title": "Page not found",
  "error.404.text": "The page you are looking for does not exist or has moved.",
  "error.500.title": "Server error",
  "error.500.text": "The studio hit a problem. Please try again in a moment.",
  "error.backHome": "Back to home",
  "error.requestId": "Request id: {{id}}",
  "error.signIn": "Sign in",
};

type Matches = Parameters<typeof metaTranslate>[0];

/**
 * The head of an error page in the page's language: the status title with the site's name, the
 * status text as description, never indexed. Used by /error/{type} and by the error boundaries, so
 * a 404 thrown by any loader (unknown path, language, page, tag, pack, the desk) has a title too.
 */
export function errorPageMeta(matches: Matches, status: number): MetaDescriptor[] {
  const type = errorPageTypeOf(status);
  const say = (key: string) => {
    const text = metaTranslate(matches, key);
    return text === key ? (ERROR_TEXT_FALLBACK[key] ?? key) : text;
  };
  return [
    { title: `${say(`error.${type}.title`)} — ${say("app.name")}` },
    { name: "description", content: say(`error.${type}.text`) },
    { name: "robots", content: "noindex" },
  ];
}
