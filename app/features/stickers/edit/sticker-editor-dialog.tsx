/**
 * The owner's sticker editor (decision 0047): caption, outline, shadow, zoom, move and flip, free. The
 * preview is the server's own drawing of the settings (`/files/edit-preview/…`), asked a moment after the
 * last change; saving stores it as the sticker's picture, "Restore the original" puts the first one back.
 * Loaded with the first opening.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import type { StickerEditorAnswer } from "#common/api/stickers.ts";
import {
  CAPTION_MAX_CHARS,
  CAPTION_POSITIONS,
  encodeEdit,
  OFFSET_MAX,
  OUTLINE_MAX_PX,
  type StickerEdit,
  ZOOM_MAX,
  ZOOM_MIN,
} from "#common/sticker-edit.ts";
import type { StickerDetail } from "#common/stickers.ts";

/** How long after the last change the preview is asked for. */
const PREVIEW_DELAY_MS = 180;
const DEFAULT_CAPTION_COLOR = "#ffcf33";

export default function StickerEditorDialog({ sticker, onClose }: { sticker: StickerDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [editor, setEditor] = useState<StickerEditorAnswer | null>(null);
  const [edit, setEdit] = useState<StickerEdit | null>(null);
  const [captionText, setCaptionText] = useState("");
  const [previewUrl, setPreviewUrl] = useState(sticker.imageUrl);
  const [previewing, setPreviewing] = useState(false);
  const changed = useRef(false);

  useEffect(() => {
    let live = true;
    api.sticker.editor({ stickerInstId: sticker.stickerInstId }).then(
      (answer) => {
        if (!live) return;
        setEditor(answer);
        setEdit(answer.edit);
        setCaptionText(answer.edit.caption?.text ?? answer.original.caption?.text ?? "");
      },
      (error: unknown) => {
        toastError(error, t);
        dialog.current?.close();
      },
    );
    return () => {
      live = false;
    };
  }, [sticker.stickerInstId, t]);

  // The server draws the preview a moment after the last change; the last picture stays until then.
  useEffect(() => {
    if (!edit || !changed.current) return;
    const timer = setTimeout(() => {
      setPreviewing(true);
      setPreviewUrl(`/files/edit-preview/${encodeURIComponent(sticker.stickerInstId)}?e=${encodeEdit(edit)}`);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [edit, sticker.stickerInstId]);

  const change = (next: Partial<StickerEdit>) => {
    changed.current = true;
    setEdit((now) => (now ? { ...now, ...next } : now));
  };

  const save = useCall((settings: StickerEdit) => api.sticker.edit({ stickerInstId: sticker.stickerInstId, edit: settings }), {
    revalidate: "before",
    onSuccess: () => {
      toastSuccess(t("stickerEdit.saved"));
      dialog.current?.close();
    },
  });
  const restore = useCall(() => api.sticker.restoreOriginal({ stickerInstId: sticker.stickerInstId }), {
    revalidate: "before",
    onSuccess: () => {
      toastSuccess(t("stickerEdit.restored"));
      dialog.current?.close();
    },
  });

  const caption = edit?.caption ?? null;
  const captionOn = caption !== null;
  const setCaption = (next: Partial<NonNullable<StickerEdit["caption"]>> | null) => {
    if (!edit) return;
    if (next === null) return change({ caption: null });
    const base = edit.caption ?? {
      text: captionText.trim() || t("stickerEdit.captionPlaceholder"),
      position: "bottom" as const,
      color: editor?.original.caption?.color ?? DEFAULT_CAPTION_COLOR,
    };
    change({ caption: { ...base, ...next } });
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!edit || save.busy) return;
    void save.run(edit);
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={760} className="relative p-5 sm:p-6">
      <DialogClose dialog={dialog} label={t("stickerEdit.close")} />
      <h2 id={titleId} className="mb-1 pe-10 font-semibold text-xl">
        {t("stickerEdit.title")}
      </h2>
      <p className="mb-4 text-sm text-stone-600">{t("stickerEdit.intro")}</p>
      {!edit || !editor ? (
        <p role="status" className="py-16 text-center text-stone-600">
          {t("stickerEdit.loading")}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-[minmax(0,280px)_1fr]">
          <figure className="sm:sticky sm:top-0 sm:self-start">
            <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200">
              <img
                src={previewUrl}
                alt={t("stickerEdit.preview")}
                data-testid="edit-preview"
                onLoad={() => setPreviewing(false)}
                onError={() => setPreviewing(false)}
                className={`size-full object-contain transition-opacity ${previewing ? "opacity-60" : ""}`}
              />
              {previewing ? (
                <span role="status" className="absolute inset-x-0 bottom-2 text-center text-stone-700 text-xs">
                  {t("stickerEdit.drawing")}
                </span>
              ) : null}
            </div>
            {editor.base === "whole" ? (
              <figcaption className="mt-2 text-stone-600 text-xs">{t("stickerEdit.wholeHint")}</figcaption>
            ) : null}
          </figure>

          <div className="space-y-5">
            <fieldset className="space-y-2">
              <legend className="font-medium">{t("stickerEdit.caption")}</legend>
              <Checkbox label={t("stickerEdit.captionOn")} checked={captionOn} onChange={(on) => setCaption(on ? {} : null)} />
              {captionOn ? (
                <>
                  <label className="block text-sm">
                    <span className="mb-1 block text-stone-600">{t("stickerEdit.captionText")}</span>
                    <input
                      value={captionText}
                      maxLength={CAPTION_MAX_CHARS}
                      dir="auto"
                      onChange={(event) => {
                        setCaptionText(event.target.value);
                        if (event.target.value.trim()) setCaption({ text: event.target.value });
                      }}
                      className="h-11 w-full rounded-xl border border-stone-300 px-3 focus-visible:outline-2 focus-visible:outline-primary"
                    />
                  </label>
                  <div className="flex flex-wrap items-end gap-4">
                    <div
                      role="radiogroup"
                      aria-label={t("stickerEdit.position")}
                      className="flex rounded-full ring-1 ring-stone-300"
                    >
                      {CAPTION_POSITIONS.map((position) => (
                        <label
                          key={position}
                          className="cursor-pointer px-3 py-2 text-sm first:rounded-s-full last:rounded-e-full has-checked:bg-primary-dark has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-primary"
                        >
                          <input
                            type="radio"
                            name="caption-position"
                            value={position}
                            checked={caption?.position === position}
                            onChange={() => setCaption({ position })}
                            className="sr-only"
                          />
                          {t(`stickerEdit.positions.${position}`)}
                        </label>
                      ))}
                    </div>
                    <Colour
                      label={t("stickerEdit.captionColor")}
                      value={caption?.color ?? DEFAULT_CAPTION_COLOR}
                      onChange={(color) => setCaption({ color })}
                    />
                  </div>
                </>
              ) : null}
            </fieldset>

            <fieldset className="space-y-2">
              <legend className="font-medium">{t("stickerEdit.outline")}</legend>
              <div className="flex flex-wrap items-end gap-4">
                <Slider
                  label={t("stickerEdit.outlineWidth")}
                  value={edit.outline.width}
                  min={0}
                  max={OUTLINE_MAX_PX}
                  step={1}
                  shown={t("stickerEdit.pixels", { value: edit.outline.width })}
                  onChange={(width) => change({ outline: { ...edit.outline, width } })}
                />
                <Colour
                  label={t("stickerEdit.outlineColor")}
                  value={edit.outline.color}
                  onChange={(color) => change({ outline: { ...edit.outline, color } })}
                />
              </div>
              <Checkbox label={t("stickerEdit.shadow")} checked={edit.shadow} onChange={(shadow) => change({ shadow })} />
            </fieldset>

            <fieldset className="space-y-2">
              <legend className="font-medium">{t("stickerEdit.framing")}</legend>
              <ShareSlider
                label={t("stickerEdit.zoom")}
                value={edit.zoom}
                min={ZOOM_MIN}
                max={ZOOM_MAX}
                step={5}
                onChange={(zoom) => change({ zoom })}
              />
              <ShareSlider
                label={t("stickerEdit.moveX")}
                value={edit.offsetX}
                min={-OFFSET_MAX}
                max={OFFSET_MAX}
                step={2}
                onChange={(offsetX) => change({ offsetX })}
                physical
              />
              <ShareSlider
                label={t("stickerEdit.moveY")}
                value={edit.offsetY}
                min={-OFFSET_MAX}
                max={OFFSET_MAX}
                step={2}
                onChange={(offsetY) => change({ offsetY })}
              />
              <Checkbox label={t("stickerEdit.flip")} checked={edit.flip} onChange={(flip) => change({ flip })} />
            </fieldset>

            <div className="flex flex-wrap items-center justify-end gap-3 border-stone-200 border-t pt-4">
              <Button
                variant="quiet"
                onClick={() => {
                  change(editor.original);
                  setCaptionText(editor.original.caption?.text ?? "");
                }}
              >
                {t("stickerEdit.reset")}
              </Button>
              {editor.edited ? (
                <Button variant="quiet" busy={restore.busy} busyLabel={t("common.sending")} onClick={() => void restore.run()}>
                  {t("stickerEdit.restore")}
                </Button>
              ) : null}
              <Button type="submit" busy={save.busy} busyLabel={t("common.sending")}>
                {t("stickerEdit.save")}
              </Button>
            </div>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** A slider over a share (zoom 1 = 100 %, a move of 0.2 = 20 %), shown and stepped in whole percent. */
function ShareSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  /** In percent. */
  step: number;
  onChange: (value: number) => void;
  physical?: boolean;
}) {
  const { t } = useTranslation();
  const percent = Math.round(props.value * 100);
  return (
    <Slider
      label={props.label}
      value={percent}
      min={Math.round(props.min * 100)}
      max={Math.round(props.max * 100)}
      step={props.step}
      shown={t("stickerEdit.percent", { value: percent })}
      onChange={(value) => props.onChange(value / 100)}
      physical={props.physical}
    />
  );
}

function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (value: number) => void;
  /** Left is left in every language: the art does not mirror with the page. */
  physical?: boolean;
}) {
  return (
    <label className="block min-w-48 flex-1 text-sm">
      <span className="mb-1 flex justify-between text-stone-600">
        <span>{props.label}</span>
        <span aria-hidden="true">{props.shown}</span>
      </span>
      <input
        type="range"
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step}
        aria-valuetext={props.shown}
        dir={props.physical ? "ltr" : undefined}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className="h-10 w-full accent-primary-dark"
      />
    </label>
  );
}

function Colour({ label, value, onChange }: { label: string; value: string; onChange: (color: string) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value.toLowerCase())}
        className="h-10 w-12 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
      />
      {label}
    </label>
  );
}
