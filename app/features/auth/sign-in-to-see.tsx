import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { requestSignIn } from "./sign-in-request.ts";

/** What a signed-in tab (my stickers, my favourites, my packs) shows a visitor: why, and "Sign in". */
export function SignInToSee({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState message={message}>
      <Button size="md-wide" onClick={() => requestSignIn("tab")}>
        {t("app.signIn")}
      </Button>
    </EmptyState>
  );
}
