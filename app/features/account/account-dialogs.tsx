import { lazy, Suspense, useEffect, useState } from "react";
import { useUser } from "../auth/use-user.ts";
import { onAccountDeletionRequest } from "./account-requests.ts";

// The dialog loads with its first opening (docs/ARCHITECTURE.md, "First-load budget").
const DeleteAccountDialog = lazy(() => import("./delete-account-dialog.tsx"));

/** Where the account menu's deletion dialog opens: outside the menu, which closes as it is chosen. */
export function AccountDialogs() {
  const user = useUser();
  const [deleting, setDeleting] = useState(false);
  useEffect(() => onAccountDeletionRequest(() => setDeleting(true)), []);
  return deleting && user ? (
    <Suspense fallback={null}>
      <DeleteAccountDialog onClose={() => setDeleting(false)} />
    </Suspense>
  ) : null;
}
