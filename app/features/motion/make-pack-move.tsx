import { lazy, Suspense, useState } from "react";
import { requestSignIn } from "#app/features/auth/sign-in-request.ts";
import { useUser } from "#app/features/auth/use-user.ts";
import { useTranslation } from "#app/i18n/i18n.tsx";

// The dialog loads with the first press (docs/ARCHITECTURE.md, "First-load budget").
const loadDialog = () => import("./pack-motion-dialog.tsx");
const PackMotionDialog = lazy(loadDialog);

/** "Make the pack move" (decision 0041): a new pack of moving copies; a visitor is asked to sign in first. */
export function MakePackMove({ packId, picId, className }: { packId: string; picId: string; className: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => (user ? setOpen(true) : requestSignIn("create"))}
        className={className}
      >
        {t("motion.pack.button")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PackMotionDialog packId={packId} picId={picId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
