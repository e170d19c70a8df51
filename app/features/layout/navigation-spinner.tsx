import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";

/** The full-page spinner (spec §2) for transitions that take longer than a blink. */
export function NavigationSpinner() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [visible, setVisible] = useState(false);
  const loading = navigation.state === "loading";
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 400);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 grid place-items-center bg-white/60 backdrop-blur-[1px]">
      <span className="size-12 animate-spin rounded-full border-4 border-primary-light border-t-primary" aria-hidden="true" />
      <span className="sr-only">{t("app.loading")}</span>
    </div>
  );
}
