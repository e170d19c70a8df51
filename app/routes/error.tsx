import { data, redirect } from "react-router";
import { isLanguage } from "#common/languages.ts";
import { pageContext } from "../context.server.ts";
import { ERROR_PAGE_TYPES, type ErrorPageType, errorPageMeta } from "../features/errors/error-meta.ts";
import { ErrorView } from "../features/errors/error-view.tsx";
import type { Route } from "./+types/error";

const ERROR_MESSAGE_KEY = /^errors\.[A-Za-z]{1,64}$/;
/** The shape a request id may have to be shown (ours are UUIDs: server/http/security-headers.ts). */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * /error/{type}: 403, 404 and 500; any other type goes to /error/404 (spec §2, §8). The 500 page
 * shows the request id, which the server logged with the failure, never the failure itself.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const type = Number(params.type) as ErrorPageType;
  if (!ERROR_PAGE_TYPES.includes(type)) {
    // The prefix is checked here too: this loader may run before the language layout refuses it.
    const prefix = isLanguage(params.lang) && params.lang !== "en" ? `/${params.lang}` : "";
    throw redirect(`${prefix}/error/404`);
  }
  // Only a message we write ourselves: a catalog key under `errors.` (decision 0013). Free text in
  // the query would let any link make the site "say" anything; server failures never pass one.
  const url = new URL(request.url);
  const asked = url.searchParams.get("message");
  const messageKey = asked && ERROR_MESSAGE_KEY.test(asked) ? asked : undefined;
  // A page that failed and sent the visitor here passes its own request id (the one in the log).
  const failed = url.searchParams.get("requestId");
  const requestId = type !== 500 ? undefined : failed && REQUEST_ID.test(failed) ? failed : context.get(pageContext).requestId;
  return data({ type, messageKey, requestId }, { status: type });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return errorPageMeta(matches, loaderData?.type ?? 404);
}

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return <ErrorView status={loaderData.type} messageKey={loaderData.messageKey} requestId={loaderData.requestId} />;
}
