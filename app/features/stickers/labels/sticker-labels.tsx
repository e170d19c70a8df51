/**
 * A sticker's emoji and keywords on its page (decision 0042), and for its owner the alt text and which
 * of them are automatic. Rows of the page's `<dl>`; the owner's "Edit emoji and keywords" is in
 * `../sticker-owner.tsx`.
 */
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerDetail } from "#common/stickers.ts";

/** The labels' rows of the sticker page's details list. */
export function StickerLabelRows({ sticker }: { sticker: StickerDetail }) {
  const { t } = useTranslation();
  const { labels } = sticker;
  const automatic = (field: keyof StickerDetail["labels"]["edited"]) =>
    sticker.mine && !labels.edited[field] ? (
      <span className="ms-2 rounded-full bg-stone-100 px-2 py-0.5 font-normal text-stone-600 text-xs">
        {t("stickerLabels.automatic")}
      </span>
    ) : null;
  return (
    <>
      <div>
        <dt className="font-medium text-sm text-stone-500">
          {t("stickerLabels.emoji")}
          {automatic("emoji")}
        </dt>
        <dd className="mt-1 text-2xl" data-testid="sticker-emoji">
          {labels.emoji.join(" ")}
        </dd>
      </div>
      {labels.keywords.length > 0 || sticker.mine ? (
        <div>
          <dt className="font-medium text-sm text-stone-500">
            {t("stickerLabels.keywords")}
            {automatic("keywords")}
          </dt>
          <dd className="mt-1">
            {labels.keywords.length > 0 ? (
              <ul className="flex flex-wrap gap-2" data-testid="sticker-keywords">
                {labels.keywords.map((keyword) => (
                  <li key={keyword} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
                    <bdi>{keyword}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-stone-600">{t("stickerLabels.noKeywords")}</span>
            )}
          </dd>
        </div>
      ) : null}
      {/* Everyone else hears the alt text on the picture itself; its owner reads what others hear. */}
      {sticker.mine ? (
        <div>
          <dt className="font-medium text-sm text-stone-500">
            {t("stickerLabels.altText")}
            {automatic("altText")}
          </dt>
          <dd className="mt-1 break-words" data-testid="sticker-alt-text">
            {labels.altText}
          </dd>
        </div>
      ) : null}
    </>
  );
}
