/**
 * A photo shared in from the phone's share sheet (decision 0046): `POST /share` kept it and sent the
 * page here with `?shared={id}` (or `?shareError={CODE}`); loaded only when the page arrives that way.
 */
import { ERRORS, type ErrorCode } from "#common/errors.ts";
import type { SharedPhoto } from "./create-state.ts";

/** The address parameters `POST /share` lands with. */
export const SHARE_PARAMS = { id: "shared", error: "shareError" } as const;

/** Loads the kept photo as a picked file; gone when it expired or never was. */
export async function loadSharedPhoto(search: URLSearchParams): Promise<SharedPhoto> {
  const refused = search.get(SHARE_PARAMS.error);
  if (refused !== null) return { status: "refused", code: refused };
  const id = search.get(SHARE_PARAMS.id) ?? "";
  try {
    const answer = await fetch(`/files/shared/${encodeURIComponent(id)}`, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return { status: "gone" };
    const blob = await answer.blob();
    return { status: "ready", file: new File([blob], "shared-photo.webp", { type: "image/webp" }) };
  } catch {
    return { status: "gone" };
  }
}

/** The catalog key of a refusal's reason (an error code of ours), or the unreadable picture's. */
export function refusalKey(code: string): string {
  return code in ERRORS ? ERRORS[code as ErrorCode].key : ERRORS.UPLOAD_UNREADABLE.key;
}

/** The address without the share's parameters, once a sticker or pack was started from it. */
export function forgetSharedPhoto() {
  const url = new URL(location.href);
  if (!url.searchParams.has(SHARE_PARAMS.id) && !url.searchParams.has(SHARE_PARAMS.error)) return;
  url.searchParams.delete(SHARE_PARAMS.id);
  url.searchParams.delete(SHARE_PARAMS.error);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
