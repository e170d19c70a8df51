import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";

const PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp"];
/** A picked photo may be far larger (a 48 MP phone photo): it is shrunk before it is sent. */
const PICKED_MAX_BYTES = 50 * 1024 * 1024;

/** Why a picked file cannot be used, as a catalog key, or null when it can (the server checks again). */
function pictureProblem(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return "errors.uploadUnsupportedType";
  if (file.size > PICKED_MAX_BYTES) return "create.upload.tooLarge";
  if (file.size === 0) return "errors.uploadUnreadable";
  return null;
}

/**
 * Choose, drop or paste a picture; shows a preview and a remove button. `incoming` is a picture that
 * came another way (shared in from the phone's share sheet, decision 0046): taken as if it were picked.
 */
export function ImagePicker({
  picture,
  onChange,
  incoming = null,
}: {
  picture: File | null;
  onChange: (file: File | null) => void;
  incoming?: File | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), problem: useId() };
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  // Only the last pick counts: a slower earlier one finishing later is dropped.
  const picks = useRef(0);

  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once per incoming file
  useEffect(() => {
    if (incoming) void take(incoming);
  }, [incoming]);

  async function take(file: File | undefined) {
    if (!file) return;
    const pick = ++picks.current;
    const reason = pictureProblem(file);
    setProblem(reason);
    onChange(null);
    if (reason) return;
    setPreparing(true);
    // The shrink's code loads with the first pick (first-load budget).
    const prepared = await (await import("./shrink-photo.ts")).preparePicture(file);
    if (pick !== picks.current) return;
    setPreparing(false);
    if (typeof prepared === "string") {
      setProblem(prepared);
      if (input.current) input.current.value = "";
    } else onChange(prepared);
  }

  return (
    <div className="space-y-2">
      {preview ? (
        <div className="flex items-center gap-4 rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <img src={preview} alt={t("create.picture.preview")} className="size-24 rounded-xl object-contain" />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="truncate text-sm text-stone-700">{picture?.name}</p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => input.current?.click()}
                className="h-9 rounded-full px-3 text-sm ring-1 ring-stone-300 hover:bg-stone-100"
              >
                {t("create.picture.change")}
              </button>
              <button
                type="button"
                onClick={() => {
                  onChange(null);
                  if (input.current) input.current.value = "";
                }}
                className="h-9 rounded-full px-3 text-sm text-red-700 ring-1 ring-stone-300 hover:bg-red-50"
              >
                {t("create.picture.remove")}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={ids.input}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void take(event.dataTransfer.files[0]);
          }}
          className={`flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed p-4 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
            dragging ? "border-primary bg-primary-light/40" : "border-stone-300 hover:bg-stone-50"
          }`}
        >
          <span className="font-medium">{t("create.picture.choose")}</span>
          <span className="text-sm text-stone-600">{t("create.picture.rules")}</span>
        </label>
      )}
      <input
        ref={input}
        id={ids.input}
        type="file"
        accept={PICTURE_TYPES.join(",")}
        aria-label={t("create.picture.choose")}
        aria-describedby={problem ? ids.problem : undefined}
        className="sr-only"
        onChange={(event) => void take(event.target.files?.[0])}
      />
      {preparing ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-primary-dark" />
          {t("create.upload.preparing")}
        </p>
      ) : null}
      {problem ? (
        <p id={ids.problem} role="alert" className="text-red-700 text-sm">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}
