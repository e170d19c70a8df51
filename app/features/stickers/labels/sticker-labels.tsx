/**
 * A sticker's emoji and keywords on its page (decision 0042), and for its owner the alt text, which of
 * them are automatic, and "Edit emoji and keywords" (the dialog loads with the first opening:
 * docs/ARCHITECTURE.md, "First-load budget"). Rows of the page's `<dl>`.
 */
import { lazy } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { DialogButton } from "#app/features/auth/dialog-button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerDetail } from "#common/stickers.ts";
import { Icon } from "../icons.tsx";

const loadDialog = () => import("./sticker-labels-dialog.tsx");
const StickerLabelsDialog = lazy(loadDialog);

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

/** The owner's "Edit emoji and keywords". */
export function EditStickerLabels({ sticker }: { sticker: StickerDetail }) {
  const { t } = useTranslation();
  return (
    <DialogButton
      load={loadDialog}
      className={buttonClass({ variant: "pill", size: "md-narrow" })}
      dialog={(close) => <StickerLabelsDialog sticker={sticker} onClose={close} />}
    >
      <Icon>
        <path d="M3 12V4h8l9 9-8 8-9-9Z" />
        <circle cx="7.5" cy="8.5" r="1.5" />
      </Icon>
      {t("stickerLabels.edit")}
    </DialogButton>
  );
}
