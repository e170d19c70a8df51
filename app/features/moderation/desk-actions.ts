import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";

export type StickerAct = "hide" | "restore" | "pick" | "unpick";
export type UserAct = "ban" | "unban";
type DeskAct = StickerAct | UserAct | "hidePack" | "restorePack";
const DESK_ACTS: readonly string[] = [
  "hide",
  "restore",
  "pick",
  "unpick",
  "ban",
  "unban",
  "hidePack",
  "restorePack",
] satisfies DeskAct[];
const isDeskAct = (name: string | undefined): name is DeskAct => name !== undefined && DESK_ACTS.includes(name);

/**
 * The desk's forms: each is a real form whose buttons name the action (`name="act"`); submitting
 * makes the desk call of that name (`api.desk.<act>`) and reloads the page's data (decision 0031).
 */
export function useDeskAction() {
  const { t } = useTranslation();
  const deskCall = useCall(
    (act: DeskAct, input: Record<string, unknown>, form: FormData) =>
      // `body(form)` built the input of this act's form (its sticker, user or pack); the server checks it.
      (api.desk[act] as unknown as (input: Record<string, unknown>) => Promise<unknown>)({
        ...input,
        note: String(form.get("note") ?? ""),
      }),
    { onSuccess: () => toastSuccess(t("admin.done")), revalidate: "after" },
  );
  const busy = deskCall.busy;

  function submit(event: React.FormEvent<HTMLFormElement>, body: (form: FormData) => Record<string, unknown> | null) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const name = submitter?.value;
    const form = new FormData(event.currentTarget);
    const input = body(form);
    if (!isDeskAct(name) || !input) return;
    void deskCall.run(name, input, form);
  }
  return { busy, submit };
}

/** A sticker id from what a moderator pasted: the id, or a sticker page's address. */
export function stickerIdOf(value: string): string | null {
  const trimmed = value.trim();
  const fromPath = /\/sticker\/([A-Za-z0-9_-]+)/.exec(trimmed)?.[1];
  const id = fromPath ?? trimmed;
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** Dates on the desk, in UTC so the server's render and the page's agree. */
export function deskDate(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
}
