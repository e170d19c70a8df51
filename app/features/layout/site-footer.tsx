import { lazy, Suspense, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { toastError } from "#app/lib/toast.ts";
import { SOCIAL_LINKS } from "#common/site.ts";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import { LanguageSelect } from "./language-select.tsx";

// The feedback form loads only when someone opens it (first-load budget).
const FeedbackDialog = lazy(() => import("../feedback/feedback-dialog.tsx"));

const linkClass =
  "rounded text-stone-600 underline-offset-4 hover:text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary";

export function SiteFooter() {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const root = useRouteLoaderData("root") as { supportEmail?: string } | undefined;
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const user = useUser();
  // The billing portal in a new window (spec §7): the window opens inside the click, the code that
  // fills it loads after (most visits never need it); a visitor signs in first.
  const manageSubscription = () => {
    if (!user) {
      requestSignIn("plan");
      return;
    }
    const popup = window.open("", "_blank");
    import("../pricing/manage-subscription.ts")
      .then(({ openBillingPortal }) => openBillingPortal(popup, t, to("/pricing")))
      .catch((error: unknown) => {
        popup?.close();
        toastError(error, t);
      });
  };
  return (
    <footer className="border-stone-200 border-t bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="font-semibold text-primary-dark">{t("app.name")}</p>
          <p className="max-w-sm text-sm text-stone-600">{t("app.tagline")}</p>
          <LanguageSelect />
        </div>
        <nav aria-label={t("footer.product")}>
          <ul className="space-y-2 text-sm">
            <li>
              <Link className={linkClass} to={to("/pricing")}>
                {t("footer.pricing")}
              </Link>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={manageSubscription}>
                {t("footer.manageSubscription")}
              </button>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${root?.supportEmail ?? "support@stickerstudio.app"}`}>
                {t("footer.contact")}
              </a>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => setFeedbackOpen(true)}>
                {t("footer.feedback")}
              </button>
            </li>
          </ul>
        </nav>
        <div className="space-y-4 text-sm">
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} to={to("/terms")}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={to("/privacy")}>
                {t("footer.privacy")}
              </Link>
            </li>
          </ul>
          <div>
            <p className="mb-2 font-medium text-stone-800">{t("footer.followUs")}</p>
            <ul className="flex flex-wrap gap-3">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name}>
                  <a className={linkClass} href={link.href} rel="noopener noreferrer me" target="_blank">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <p className="border-stone-100 border-t py-4 text-center text-stone-500 text-xs">
        {t("footer.rights", { year: new Date().getUTCFullYear() })}
      </p>
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
