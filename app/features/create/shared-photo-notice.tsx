import { useTranslation } from "#app/i18n/i18n.tsx";
import type { SharedPhoto } from "./create-state.ts";
import { refusalKey } from "./shared-photo.ts";

/**
 * What became of a photo shared in from the phone's share sheet (decision 0046): being loaded, ready
 * (a visitor is told they sign in to go on, and it stays; "a pack from this photo"), gone, or refused.
 */
export function SharedPhotoNotice({
  shared,
  signedIn,
  pack,
  onPack,
}: {
  shared: SharedPhoto;
  signedIn: boolean;
  pack: boolean;
  onPack: () => void;
}) {
  const { t } = useTranslation();
  if (shared.status === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-primary-dark" />
        {t("share.loading")}
      </p>
    );
  }
  if (shared.status === "gone") {
    return (
      <p role="status" className="rounded-2xl bg-amber-50 p-3 text-amber-900 text-sm ring-1 ring-amber-200">
        {t("share.gone")}
      </p>
    );
  }
  if (shared.status === "refused") {
    return (
      <div role="alert" className="rounded-2xl bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200">
        <p className="font-medium">{t("share.refused")}</p>
        <p>{t(refusalKey(shared.code))}</p>
      </div>
    );
  }
  return (
    <div role="status" className="space-y-2 rounded-2xl bg-primary-light/40 p-3 text-sm ring-1 ring-primary-light">
      <p>{t(signedIn ? "share.ready" : "share.readySignIn")}</p>
      {pack ? null : (
        <button
          type="button"
          onClick={onPack}
          className="h-9 rounded-full bg-white px-4 font-medium ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t("share.makePack")}
        </button>
      )}
    </div>
  );
}
