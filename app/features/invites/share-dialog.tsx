import { useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";

function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: "X", href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
  ];
}

/**
 * Get free credit (spec §2, §9; 418 px): the invite link {host}/invite/{code}, three networks, copy,
 * the reward (paid with the friend's first sticker) and the inviter's daily cap (decision 0016).
 */
export default function ShareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as { origin?: string; inviteReward?: number; inviteRewardsPerDay?: number } | undefined;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    api.account
      .inviteCode({}, { dedupe: true })
      .then((answer) => setCode(answer.code))
      .catch((error: unknown) => toastError(error, t));
  }, [t]);

  const url = code ? `${root?.origin ?? location.origin}/invite/${code}` : "";
  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} width={418} className="relative p-6">
      <h2 id={titleId} className="font-semibold text-xl">
        {t("invite.title")}
      </h2>
      <p className="mt-2 text-stone-700">{t("invite.reward", { count: root?.inviteReward ?? 0 })}</p>
      <p className="mt-1 text-sm text-stone-600">{t("invite.dailyLimit", { count: root?.inviteRewardsPerDay ?? 0 })}</p>
      <label className="mt-5 block font-medium text-sm" htmlFor={`${titleId}-link`}>
        {t("invite.linkLabel")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${titleId}-link`}
          readOnly
          value={url}
          placeholder={t("app.loading")}
          className="h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          size="lg-narrow"
          className="shrink-0"
          disabled={!url}
          onClick={() => {
            void navigator.clipboard
              .writeText(url)
              .then(() => toastSuccess(t("invite.copied")))
              .catch((error: unknown) => toastError(error, t));
          }}
        >
          {t("invite.copy")}
        </Button>
      </div>
      {url ? (
        <ul className="mt-5 flex flex-wrap gap-2">
          {shareLinks(url, t("invite.shareText")).map((link) => (
            <li key={link.name}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-10 items-center rounded-full px-4 text-sm ring-1 ring-stone-300 hover:bg-stone-100"
              >
                {t("invite.shareOn", { network: link.name })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <DialogClose dialog={dialog} label={t("login.close")} />
    </Dialog>
  );
}
