import { lazy, Suspense, useEffect, useState } from "react";
import { currentInstallOffer, onInstallOfferChange } from "./install-offer.ts";

const InstallBanner = lazy(() => import("./install-banner.tsx"));

/**
 * "Install the app" (decision 0045): once the browser offers to install, the card's code loads and
 * shows it if this is a return visit and the offer was not turned down lately.
 */
export function AppInstall() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const check = () => setOffered(currentInstallOffer() !== null);
    check();
    return onInstallOfferChange(check);
  }, []);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner onClose={() => setOffered(false)} />
    </Suspense>
  );
}
