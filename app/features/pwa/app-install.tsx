import { lazy, Suspense, useEffect, useState } from "react";
import { currentInstallOffer, onInstallOfferChange } from "./install-offer.ts";
import { mayOfferInstall } from "./visits.ts";

const InstallBanner = lazy(() => import("./install-banner.tsx"));

/**
 * "Install the app" (decision 0045): shown once the browser offers to install and this is a return
 * visit the offer was not turned down in; its code loads only then.
 */
export function AppInstall() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const check = () => setOffered(currentInstallOffer() !== null && mayOfferInstall());
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
