import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import type { MotionPreset } from "#common/motion.ts";
import { ChevronIcon, ExportIcon } from "./icons.tsx";

// The menu's links load with the first opening (docs/ARCHITECTURE.md, "First-load budget").
const loadPanel = () => import("./export-menu-panel.tsx");
const ExportMenuPanel = lazy(loadPanel);

/** Export for messengers: a disclosure button that opens the three download links. */
export function ExportMenu({
  picId,
  motion = null,
  buttonClassName,
}: {
  picId: string;
  /** A moving sticker's preset: its animated files come first (decision 0041). */
  motion?: MotionPreset | null;
  buttonClassName: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Once loaded the panel stays mounted and is only hidden: a link removed during its own click would
  // not start its download.
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
        className={buttonClassName}
      >
        <ExportIcon />
        {t("stickerActions.export")}
        <ChevronIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={panelId} hidden={!open}>
        {opened ? (
          <Suspense fallback={null}>
            <ExportMenuPanel picId={picId} motion={motion} onChosen={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
