/**
 * The owner's "Edit emoji and keywords" (decision 0042): the sticker's emoji, keywords and alt text,
 * each either its own or automatic ("Use automatic …" puts the automatic one back; typing makes it the
 * owner's). Checked as the server checks (common/sticker-labels.ts) before sending; saved, the page's
 * data is reloaded so its labels and its picture's alt text show the new ones. Loaded with the first
 * opening.
 */
import { useId, useRef, useState } from "react";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { EmojiField } from "#app/features/packs/emoji-field.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError, api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";
import {
  ALT_TEXT_MAX_LENGTH,
  LABEL_KEYWORD_MAX_LENGTH,
  LABEL_KEYWORDS_MAX,
  labelAltText,
  labelEmoji,
  labelKeywords,
} from "#common/sticker-labels.ts";
import type { StickerDetail } from "#common/stickers.ts";
import { keywordsOfText, keywordText } from "./keyword-text.ts";

type LabelField = "emoji" | "keywords" | "altText";

/** Which error code answers for which field. */
const FIELD_OF_CODE: Record<string, LabelField> = {
  STICKER_EMOJI_INVALID: "emoji",
  STICKER_KEYWORDS_INVALID: "keywords",
  STICKER_ALT_TEXT_INVALID: "altText",
};

export default function StickerLabelsDialog({ sticker, onClose }: { sticker: StickerDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const emojiProblemId = useId();
  const { labels } = sticker;
  // The owner always has them; the labels themselves stand in, should the page not carry them.
  const automatic = sticker.automaticLabels ?? labels;

  const [emoji, setEmoji] = useState({ automatic: !labels.edited.emoji, value: labels.emoji });
  const [keywords, setKeywords] = useState({
    automatic: !labels.edited.keywords,
    text: keywordText(labels.keywords, i18n.language),
  });
  const [altText, setAltText] = useState({ automatic: !labels.edited.altText, text: labels.altText });
  const [problems, setProblems] = useState<Partial<Record<LabelField, boolean>>>({});
  const clear = (field: LabelField) => setProblems((now) => ({ ...now, [field]: false }));

  const save = useCall(
    (edits: { emoji: string[] | null; keywords: string[] | null; altText: string | null }) =>
      api.sticker.setLabels({ stickerInstId: sticker.stickerInstId, ...edits }),
    {
      revalidate: "before",
      onSuccess: () => {
        toastSuccess(t("stickerLabels.saved"));
        dialog.current?.close();
      },
      onError: (error) => {
        const field = error instanceof ApiError ? FIELD_OF_CODE[error.status] : undefined;
        if (!field) return false;
        setProblems((now) => ({ ...now, [field]: true }));
        return true;
      },
    },
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (save.busy) return;
    const edits = {
      emoji: emoji.automatic ? null : labelEmoji(emoji.value),
      keywords: keywords.automatic ? null : labelKeywords(keywordsOfText(keywords.text)),
      altText: altText.automatic ? null : labelAltText(altText.text),
    };
    const found = {
      emoji: !emoji.automatic && edits.emoji === null,
      keywords: !keywords.automatic && edits.keywords === null,
      altText: !altText.automatic && edits.altText === null,
    };
    setProblems(found);
    if (found.emoji || found.keywords || found.altText) return;
    void save.run(edits);
  }

  const errorText = (field: LabelField) => {
    if (!problems[field]) return null;
    if (field === "emoji") return t("errors.stickerEmojiInvalid");
    if (field === "keywords")
      return t("errors.stickerKeywordsInvalid", { max: LABEL_KEYWORDS_MAX, limit: LABEL_KEYWORD_MAX_LENGTH });
    return t("errors.stickerAltTextInvalid", { limit: ALT_TEXT_MAX_LENGTH });
  };

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={520}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="mb-2 font-semibold text-xl">
          {t("stickerLabels.title")}
        </h2>
        <p id={introId} className="mb-5 text-sm text-stone-600">
          {t("stickerLabels.intro")}
        </p>

        <div className="space-y-2">
          {/* The field's own legend names it for screen readers, with the sticker's name. */}
          <p aria-hidden="true" className="font-medium text-sm">
            {t("stickerLabels.emoji")}
          </p>
          <EmojiField
            emoji={emoji.value}
            stickerName={sticker.name}
            onChange={(value) => {
              setEmoji({ automatic: false, value });
              clear("emoji");
            }}
          />
          {problems.emoji ? (
            <p id={emojiProblemId} role="alert" className="text-red-700 text-sm">
              {errorText("emoji")}
            </p>
          ) : null}
          <Checkbox
            label={t("stickerLabels.resetEmoji")}
            checked={emoji.automatic}
            onChange={(on) => {
              setEmoji(on ? { automatic: true, value: automatic.emoji } : { ...emoji, automatic: false });
              clear("emoji");
            }}
          />
        </div>

        <div className="mt-5 space-y-2">
          <Field label={t("stickerLabels.keywords")} describedBy={`${titleId}-keywords-hint`} error={errorText("keywords")}>
            {(control) => (
              <input
                {...control}
                value={keywords.text}
                onChange={(event) => {
                  setKeywords({ automatic: false, text: event.target.value });
                  clear("keywords");
                }}
                dir="auto"
                autoComplete="off"
                className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
              />
            )}
          </Field>
          <p id={`${titleId}-keywords-hint`} className="text-stone-600 text-xs">
            {t("stickerLabels.keywordsHint", { max: LABEL_KEYWORDS_MAX })}
          </p>
          <Checkbox
            label={t("stickerLabels.resetKeywords")}
            checked={keywords.automatic}
            onChange={(on) => {
              setKeywords(
                on
                  ? { automatic: true, text: keywordText(automatic.keywords, i18n.language) }
                  : { ...keywords, automatic: false },
              );
              clear("keywords");
            }}
          />
        </div>

        <div className="mt-5 space-y-2">
          <Field label={t("stickerLabels.altText")} describedBy={`${titleId}-alt-hint`} error={errorText("altText")}>
            {(control) => (
              <textarea
                {...control}
                value={altText.text}
                // One line: a line break is no part of an alt text (the rule refuses it), so it becomes a space.
                onChange={(event) => {
                  setAltText({ automatic: false, text: event.target.value.replace(/[\r\n]+/g, " ") });
                  clear("altText");
                }}
                rows={3}
                dir="auto"
                className="w-full rounded-xl border border-stone-300 p-3 focus-visible:outline-2 focus-visible:outline-primary"
              />
            )}
          </Field>
          <p id={`${titleId}-alt-hint`} className="flex justify-between gap-3 text-stone-600 text-xs">
            <span>{t("stickerLabels.altTextHint")}</span>
            <span aria-hidden="true">
              {[...altText.text.trim()].length}/{ALT_TEXT_MAX_LENGTH}
            </span>
          </p>
          <Checkbox
            label={t("stickerLabels.resetAltText")}
            checked={altText.automatic}
            onChange={(on) => {
              setAltText(on ? { automatic: true, text: automatic.altText } : { ...altText, automatic: false });
              clear("altText");
            }}
          />
        </div>

        <DialogActions dialog={dialog} confirmLabel={t("stickerLabels.save")} busy={save.busy} busyLabel={t("common.sending")} />
      </form>
    </Dialog>
  );
}
