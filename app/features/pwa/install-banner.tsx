import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { mayOfferInstall, rememberInstallDismissed } from "./install-choice.ts";
import { takeInstallOffer } from "./install-offer.ts";

/** A small card at the foot of the screen: install, or not now (remembered for a while; decision 0045). */
export default function InstallBanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Decided once, as the card mounts: the first visit, a recent "Not now" or an installed window shows nothing.
  const [shown] = useState(mayOfferInstall);
  const install = async () => {
    const offer = takeInstallOffer();
    onClose();
    if (!offer) return;
    await offer.prompt();
    if ((await offer.userChoice).outcome === "dismissed") rememberInstallDismissed();
  };
  const dismiss = () => {
    rememberInstallDismissed();
    onClose();
  };
  if (!shown) return null;
  return (
    <aside
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-20 mx-auto flex max-w-md items-start gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-stone-200 md:inset-x-auto md:end-4 md:bottom-4"
    >
      <img src="/favicon.svg" alt="" width={40} height={40} className="size-10 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold text-stone-900">
          {t("pwa.install.title")}
        </h2>
        <p className="mt-0.5 text-sm text-stone-600">{t("pwa.install.text")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="md-narrow" onClick={() => void install()}>
            {t("pwa.install.button")}
          </Button>
          <Button variant="quiet" size="md-narrow" onClick={dismiss}>
            {t("pwa.install.dismiss")}
          </Button>
        </div>
      </div>
    </aside>
  );
}
