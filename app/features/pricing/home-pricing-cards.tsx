import { type PricingOptions, PricingPlans } from "./pricing-plans.tsx";
import { useSubscription } from "./use-subscription.ts";

/** The home pricing area's cards, loaded when the area comes near the screen. */
export default function HomePricingCards({ options }: { options: PricingOptions }) {
  const { subscription, known, refresh } = useSubscription();
  return (
    <PricingPlans subscription={subscription} known={known} refreshSubscription={refresh} options={options} headingLevel={3} />
  );
}
