import { lazy, Suspense, useEffect, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { TOASTER_NEEDED_EVENT, toasterMounted } from "#app/lib/toast.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import { AccountDialogs } from "../account/account-dialogs.tsx";
import { onSignInRequest } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import { onShareRequest } from "../invites/share-request.ts";
import type { PricingOptions } from "../pricing/pricing-plans.tsx";
import {
  onPointsRequest,
  onRechargeSuccess,
  type PointsRequest,
  RECHARGE_REFRESH_DELAY_MS,
} from "../pricing/recharge-channel.ts";
import { AppInstall } from "../pwa/app-install.tsx";
import { NavigationSpinner } from "./navigation-spinner.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

const SignInPrompt = lazy(() => import("../auth/sign-in-prompt.tsx"));
const LoginDialog = lazy(() => import("../auth/login-dialog.tsx"));
const ShareDialog = lazy(() => import("../invites/share-dialog.tsx"));
const PointsDialog = lazy(() => import("../pricing/points-dialog.tsx"));
const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster }) => ({
    default: function MountedToaster(props: React.ComponentProps<typeof SonnerToaster>) {
      useEffect(toasterMounted, []);
      return <SonnerToaster {...props} />;
    },
  })),
);

/** Header, main and footer around every page, the sign-in prompt and the toasts (loaded on demand). */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [promptOpen, setPromptOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  useEffect(() => onShareRequest(() => setShareOpen(true)), []);
  const [points, setPoints] = useState<PointsRequest | null>(null);
  useEffect(() => onPointsRequest(setPoints), []);
  const pricing = (useRouteLoaderData("root") as { pricing?: PricingOptions } | undefined)?.pricing;
  const revalidator = useRevalidator();
  // A payment finished in another tab (spec §4): the user (plan, points) is read again after 1 s.
  useEffect(
    () =>
      onRechargeSuccess(() => {
        setTimeout(() => void revalidator.revalidate(), RECHARGE_REFRESH_DELAY_MS);
      }),
    [revalidator],
  );
  const user = useUser();
  const [toasts, setToasts] = useState(false);
  // The header's Sign in opens the login dialog; protected actions confirm first (spec §6).
  useEffect(() => onSignInRequest((reason) => (reason === "header" ? setLoginOpen(true) : setPromptOpen(true))), []);
  useEffect(() => {
    // The toaster's code loads with the first toast, never with the page.
    const mount = () => setToasts(true);
    window.addEventListener(TOASTER_NEEDED_EVENT, mount);
    return () => window.removeEventListener(TOASTER_NEEDED_EVENT, mount);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-30 focus:rounded focus:bg-white focus:p-2"
      >
        {t("app.skipToContent")}
      </a>
      <SiteHeader />
      <div className="flex-1">{children}</div>
      <SiteFooter />
      <NavigationSpinner />
      <AppInstall />
      {promptOpen ? (
        <Suspense fallback={null}>
          <SignInPrompt
            onClose={() => setPromptOpen(false)}
            onConfirm={() => {
              // The action that needed sign-in failed on purpose: its error toast stays silent (spec §8).
              sessionStorage.setItem(STORAGE_KEYS.hasCatchError, "1");
              setLoginOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginDialog onClose={() => setLoginOpen(false)} signedInEmail={user?.email ?? null} />
        </Suspense>
      ) : null}
      {shareOpen && user ? (
        <Suspense fallback={null}>
          <ShareDialog onClose={() => setShareOpen(false)} />
        </Suspense>
      ) : null}
      <AccountDialogs />
      {points && pricing ? (
        <Suspense fallback={null}>
          <PointsDialog request={points} options={pricing} onClose={() => setPoints(null)} />
        </Suspense>
      ) : null}
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors dir={i18n.dir()} />
        </Suspense>
      ) : null}
    </div>
  );
}
