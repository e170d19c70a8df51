import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";

const PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp"];
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a picture cannot be used, as a catalog key, or null when it can (the server checks again). */
function pictureProblem(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return "errors.uploadUnsupportedType";
  if (file.size > PICTURE_MAX_BYTES) return "errors.uploadTooLarge";
  if (file.size === 0) return "errors.uploadUnreadable";
  return null;
}

/** Choose, drop or paste a picture; shows a preview and a remove button. */
export function ImagePicker({ picture, onChange }: { picture: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), problem: useId() };
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  function take(file: File | undefined) {
    if (!file) return;
    const reason = pictureProblem(file);
    setProblem(reason);
    onChange(reason ? null : file);
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
            take(event.dataTransfer.files[0]);
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
        onChange={(event) => take(event.target.files?.[0])}
      />
      {problem ? (
        <p id={ids.problem} role="alert" className="text-red-700 text-sm">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}
