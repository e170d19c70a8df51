import { data, redirect } from "react-router";
import { ERROR_PAGE_TYPES, type ErrorPageType, ErrorView } from "../features/errors/error-view.tsx";
import { metaTranslate } from "../i18n/meta.ts";
import type { Route } from "./+types/error";

/** /error/{type}: 403, 404 and 500; any other type goes to /error/404 (spec §2, §8). */
export function loader({ params, request }: Route.LoaderArgs) {
  const type = Number(params.type) as ErrorPageType;
  if (!ERROR_PAGE_TYPES.includes(type)) {
    const prefix = params.lang ? `/${params.lang}` : "";
    throw redirect(`${prefix}/error/404`);
  }
  const message = new URL(request.url).searchParams.get("message")?.slice(0, 500) ?? undefined;
  return data({ type, message }, { status: type });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: metaTranslate(matches, `error.${loaderData?.type ?? 404}.title`) }, { name: "robots", content: "noindex" }];
}

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return <ErrorView status={loaderData.type} message={loaderData.message} />;
}
