import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastWarning } from "#app/lib/toast.ts";
import { TIMEOUTS_MS } from "#common/constants.ts";
import { EMAIL_MAX_LENGTH, isValidEmail } from "#common/email.ts";
import { inviteCodeFromCookie } from "../invites/share-request.ts";
import { CHANNELS, listen } from "./channels.ts";
import { GoogleButton } from "./google-button.tsx";

type View = { name: "start" } | { name: "email" } | { name: "sent"; email: string } | { name: "success"; email: string };

/**
 * The login modal (spec §2, §4, §5; 448 px): accept the terms, then the e-mail link flow — enter the
 * address, "link sent" (go back to re-enter), and the success screen once the link is opened in
 * another tab, which signals this one on `login_by_email_success`.
 */
export default function LoginDialog({ onClose, signedInEmail }: { onClose: () => void; signedInEmail: string | null }) {
  const { t } = useTranslation();
  const { to, language } = useLocalized();
  const googleClientId = (useRouteLoaderData("root") as { googleClientId?: string | null } | undefined)?.googleClientId ?? null;
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), email: useId(), terms: useId() };
  const [view, setView] = useState<View>({ name: "start" });
  const [accepted, setAccepted] = useState(false);
  const [email, setEmail] = useState("");
  const sendLink = useCall(
    (address: string) =>
      api.account.signInLink(
        { email: address, redirect: `${location.pathname}${location.search}`, invCode: inviteCodeFromCookie() },
        { timeoutMs: TIMEOUTS_MS.emailVerify },
      ),
    { onSuccess: (_answer, address) => setView({ name: "sent", email: address }) },
  );
  const sending = sendLink.busy;

  const waitingFor = view.name === "sent" ? view.email : null;
  useEffect(() => {
    if (!waitingFor) return;
    // The page reloads the user on the same signal (useSessionSync); this view only moves on.
    return listen(CHANNELS.loginByEmailSuccess, () => setView({ name: "success", email: waitingFor }));
  }, [waitingFor]);

  // Signing out (here or in another tab) closes the success screen (spec §4).
  const wasSignedIn = useRef(signedInEmail !== null);
  useEffect(() => {
    if (wasSignedIn.current && signedInEmail === null && view.name === "success") dialog.current?.close();
    wasSignedIn.current = signedInEmail !== null;
  }, [signedInEmail, view.name]);

  async function send() {
    const address = email.trim();
    if (!address) return toastWarning(t("login.emailTip"));
    if (!isValidEmail(address)) return toastWarning(t("login.emailCheckTip"));
    if (sending) return;
    await sendLink.run(address);
  }

  return (
    <Dialog ref={dialog} labelledBy={ids.title} onClose={onClose} width={448} className="relative p-6">
      <div className="space-y-5">
        {view.name === "start" || view.name === "email" ? (
          <>
            <h2 id={ids.title} className="font-semibold text-xl">
              {t("login.title")}
            </h2>
            <p className="text-stone-600">{t("login.subtitle")}</p>
            <label htmlFor={ids.terms} className="flex items-start gap-3 rounded-xl bg-stone-50 p-3 text-sm">
              <input
                id={ids.terms}
                type="checkbox"
                checked={accepted}
                onChange={(event) => setAccepted(event.target.checked)}
                className="mt-0.5 size-5 accent-[#7a6450]"
              />
              <span>
                {t("login.agree")}{" "}
                <Link to={to("/terms")} target="_blank" className="font-medium text-primary-dark underline">
                  {t("footer.terms")}
                </Link>{" "}
                {t("login.and")}{" "}
                <Link to={to("/privacy")} target="_blank" className="font-medium text-primary-dark underline">
                  {t("footer.privacy")}
                </Link>
              </span>
            </label>
            {view.name === "start" && googleClientId && accepted ? (
              <GoogleButton
                clientId={googleClientId}
                language={language}
                onSignedIn={(address) => setView({ name: "success", email: address })}
              />
            ) : null}
            {view.name === "start" ? (
              <Button size="lg" className="w-full" disabled={!accepted} onClick={() => setView({ name: "email" })}>
                {t("login.withEmail")}
              </Button>
            ) : (
              <form
                className="space-y-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (accepted) void send();
                }}
              >
                <label htmlFor={ids.email} className="block font-medium text-sm">
                  {t("login.emailLabel")}
                </label>
                <input
                  id={ids.email}
                  type="email"
                  inputMode="email"
                  // The button that led here is gone: focus follows to the field.
                  autoFocus
                  autoComplete="email"
                  maxLength={EMAIL_MAX_LENGTH}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  onKeyDown={(event) => {
                    // Enter submits even before the address is valid, so the warnings can say why (spec §5).
                    if (event.key !== "Enter") return;
                    event.preventDefault();
                    if (accepted) void send();
                  }}
                  placeholder={t("login.emailPlaceholder")}
                  className="h-11 w-full rounded-lg border border-stone-300 px-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
                />
                <Button
                  type="submit"
                  size="lg"
                  className="w-full"
                  disabled={!accepted || !isValidEmail(email.trim())}
                  busy={sending}
                  busyLabel={t("common.sending")}
                >
                  {t("login.send")}
                </Button>
              </form>
            )}
            {!accepted ? <p className="text-center text-stone-500 text-xs">{t("login.termsRequired")}</p> : null}
          </>
        ) : view.name === "sent" ? (
          <>
            <h2 id={ids.title} className="font-semibold text-xl">
              {t("login.sentTitle")}
            </h2>
            <p className="text-stone-700">{t("login.sentText", { email: isolate(view.email) })}</p>
            <p role="status" className="flex items-center gap-2 text-sm text-stone-500">
              <span
                className="size-3 animate-spin rounded-full border-2 border-primary-light border-t-primary"
                aria-hidden="true"
              />
              {t("login.waiting")}
            </p>
            <button
              type="button"
              onClick={() => setView({ name: "email" })}
              className="font-medium text-primary-dark underline-offset-4 hover:underline"
            >
              {t("login.useAnother")}
            </button>
          </>
        ) : (
          <>
            <h2 id={ids.title} className="font-semibold text-xl">
              {t("login.successTitle")}
            </h2>
            <p className="text-stone-700">{t("login.successText", { email: isolate(view.email) })}</p>
            <Button size="lg" className="w-full" onClick={() => dialog.current?.close()}>
              {t("login.close")}
            </Button>
          </>
        )}
        {view.name !== "success" ? <DialogClose dialog={dialog} label={t("login.close")} /> : null}
      </div>
    </Dialog>
  );
}
