import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { ApiError } from "#app/lib/api/client.ts";
import { toastError } from "#app/lib/toast.ts";
import type { PackDetail, PackSticker } from "#common/packs.ts";
import { Icon } from "../stickers/icons.tsx";
import { EmojiField } from "./emoji-field.tsx";
import { moveItem, stepOfKey } from "./pack-path.ts";
import { packRequests } from "./pack-requests.ts";
import { StickerPicture } from "./pack-sticker-picture.tsx";

/** After the last move, the new order is saved this long later, in one reorder call. */
const SAVE_DELAY_MS = 600;

const tileButton =
  "grid size-10 shrink-0 place-items-center rounded-full bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50";

/**
 * The owner's stickers of a pack: move (drag the handle, or focus it and use the arrow keys; in a
 * right-to-left page ArrowLeft moves toward the end), emoji, cover and remove. A move shows at once,
 * is announced in the live region, and is saved in one reorder call once the moving stops; a refused
 * save puts the last saved order back.
 */
export function PackStickersEditor({
  pack,
  onPack,
  altTexts,
}: {
  pack: PackDetail;
  onPack: (pack: PackDetail) => void;
  altTexts: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const [order, setOrder] = useState<PackSticker[]>(pack.stickers);
  const [announcement, setAnnouncement] = useState("");
  const [busyId, setBusyId] = useState<string | null>(null);
  const saved = useRef<PackSticker[]>(pack.stickers);
  const latest = useRef(order);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  latest.current = order;

  // The server's answer is the truth unless a move is still waiting to be saved.
  useEffect(() => {
    saved.current = pack.stickers;
    if (!timer.current) setOrder(pack.stickers);
  }, [pack.stickers]);

  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    const handle = handles.current.get(id);
    if (handle && document.activeElement !== handle) handle.focus();
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function save() {
    timer.current = null;
    const ids = latest.current.map((sticker) => sticker.stickerInstId);
    if (ids.join() === saved.current.map((sticker) => sticker.stickerInstId).join()) return;
    packRequests
      .reorder(pack.packId, ids)
      .then((answer) => {
        saved.current = answer.stickers;
        if (!timer.current) onPack(answer);
        setAnnouncement(t("packs.move.saved"));
      })
      .catch((error: unknown) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        setOrder(saved.current);
        setAnnouncement(t("packs.move.rolledBack"));
        toastError(error, t);
        // The pack changed elsewhere (another tab, a sticker of a pack being made): take it as it is
        // now, so the next move is made on the right list.
        if (error instanceof ApiError && error.status === "PACK_CHANGED") {
          packRequests
            .get(pack.packId)
            .then(onPack)
            .catch(() => undefined);
        }
      });
  }

  function scheduleSave(delay = SAVE_DELAY_MS) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(save, delay);
  }

  function moveTo(id: string, target: number) {
    const from = latest.current.findIndex((sticker) => sticker.stickerInstId === id);
    const to = Math.max(0, Math.min(latest.current.length - 1, target));
    if (from < 0 || from === to) return false;
    const next = moveItem(latest.current, from, to);
    latest.current = next;
    setOrder(next);
    const sticker = next[to] as PackSticker;
    setAnnouncement(t("packs.move.moved", { name: sticker.name, position: to + 1, count: next.length }));
    return true;
  }

  function onHandleKey(event: React.KeyboardEvent, id: string, index: number) {
    const step = stepOfKey(event.key, i18n.dir());
    if (step === null) return;
    event.preventDefault();
    const target = step === "start" ? 0 : step === "end" ? latest.current.length - 1 : index + step;
    focusAfterMove.current = id;
    if (moveTo(id, target)) scheduleSave();
  }

  /**
   * A drag follows the pointer on the window: the handle's own element moves in the list as the
   * sticker moves, which would drop a pointer capture held on it.
   */
  function onPointerDown(event: React.PointerEvent<HTMLButtonElement>, id: string) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    const drag = { id, moved: false };
    const onMove = (move: PointerEvent) => {
      const over = document.elementFromPoint(move.clientX, move.clientY)?.closest<HTMLElement>("[data-pack-index]");
      if (over && moveTo(drag.id, Number(over.dataset.packIndex))) drag.moved = true;
    };
    const onEnd = () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      focusAfterMove.current = drag.id;
      if (drag.moved) scheduleSave(0);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
  }

  function change(id: string, call: () => Promise<PackDetail>) {
    setBusyId(id);
    call()
      .then(onPack)
      .catch((error: unknown) => toastError(error, t))
      .finally(() => setBusyId(null));
  }

  function setEmoji(sticker: PackSticker, emoji: string[]) {
    const before = latest.current;
    setOrder(before.map((one) => (one.stickerInstId === sticker.stickerInstId ? { ...one, emoji } : one)));
    packRequests
      .setEmoji(pack.packId, sticker.stickerInstId, emoji)
      .then(onPack)
      .catch((error: unknown) => {
        // Only this sticker's emoji go back: a move still waiting to be saved stays.
        setOrder(
          latest.current.map((one) => (one.stickerInstId === sticker.stickerInstId ? { ...one, emoji: sticker.emoji } : one)),
        );
        toastError(error, t);
      });
  }

  const coverId = pack.cover?.stickerInstId ?? null;
  return (
    <>
      <p className="mb-3 text-sm text-stone-600">{t("packs.move.hint")}</p>
      <ol aria-label={t("packs.stickers")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
        {order.map((sticker, index) => {
          const isCover = sticker.stickerInstId === coverId;
          return (
            <li
              key={sticker.stickerInstId}
              data-pack-index={index}
              data-sticker={sticker.stickerInstId}
              className="flex min-w-0 flex-col gap-2 rounded-2xl bg-white p-2 ring-1 ring-stone-200"
            >
              <div className="relative">
                <StickerPicture sticker={sticker} index={index} alt={altTexts[sticker.stickerInstId]} />
                <span className="absolute start-1 top-1 rounded-full bg-white/90 px-2 font-semibold text-sm tabular-nums">
                  {index + 1}
                </span>
                {isCover ? (
                  <span className="absolute end-1 top-1 rounded-full bg-primary-dark px-2 py-0.5 font-medium text-white text-xs">
                    {t("packs.cover.badge")}
                  </span>
                ) : null}
              </div>
              <EmojiField emoji={sticker.emoji} stickerName={sticker.name} onChange={(emoji) => setEmoji(sticker, emoji)} />
              <div className="flex flex-wrap items-center gap-1.5">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) handles.current.set(sticker.stickerInstId, element);
                    else handles.current.delete(sticker.stickerInstId);
                  }}
                  aria-label={t("packs.move.label", { name: sticker.name, position: index + 1, count: order.length })}
                  aria-describedby="pack-move-hint"
                  title={t("packs.move.title")}
                  onKeyDown={(event) => onHandleKey(event, sticker.stickerInstId, index)}
                  onPointerDown={(event) => onPointerDown(event, sticker.stickerInstId)}
                  className={`${tileButton} cursor-grab touch-none active:cursor-grabbing`}
                >
                  <MoveIcon />
                </button>
                <button
                  type="button"
                  aria-pressed={isCover}
                  disabled={busyId === sticker.stickerInstId}
                  aria-label={t(isCover ? "packs.cover.is" : "packs.cover.set", { name: sticker.name })}
                  title={t(isCover ? "packs.cover.is" : "packs.cover.set", { name: sticker.name })}
                  onClick={() =>
                    isCover
                      ? undefined
                      : change(sticker.stickerInstId, () =>
                          packRequests.update({ packId: pack.packId, coverStickerInstId: sticker.stickerInstId }),
                        )
                  }
                  className={`${tileButton} ${isCover ? "bg-primary-light text-primary-ink" : ""}`}
                >
                  <StarIcon filled={isCover} />
                </button>
                <button
                  type="button"
                  disabled={busyId === sticker.stickerInstId}
                  aria-label={t("packs.remove", { name: sticker.name })}
                  title={t("packs.remove", { name: sticker.name })}
                  onClick={() =>
                    change(sticker.stickerInstId, () => packRequests.removeSticker(pack.packId, sticker.stickerInstId))
                  }
                  className={tileButton}
                >
                  <TrashIcon />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p id="pack-move-hint" className="sr-only">
        {t("packs.move.keys")}
      </p>
      <p aria-live="polite" role="status" className="sr-only" data-testid="pack-announcement">
        {announcement}
      </p>
    </>
  );
}

function MoveIcon() {
  return (
    <Icon>
      <path d="M12 3v18M3 12h18M12 3 9 6m3-3 3 3M12 21l-3-3m3 3 3-3M3 12l3-3m-3 3 3 3M21 12l-3-3m3 3-3 3" />
    </Icon>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <Icon>
      <path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Icon>
  );
}
