import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { isolate, useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { api } from "#app/lib/api/api.ts";
import { toastError } from "#app/lib/toast.ts";
import { AccountDataItems } from "../account/account-menu-items.tsx";
import { requestShare } from "../invites/share-request.ts";
import { broadcast, CHANNELS } from "./channels.ts";
import type { PageUser } from "./use-user.ts";

// The display name dialog loads with the first opening (docs/ARCHITECTURE.md, "First-load budget").
const loadDisplayNameDialog = () => import("./display-name-dialog.tsx");
const DisplayNameDialog = lazy(loadDisplayNameDialog);

/**
 * Signed-in header (spec §2): the points balance (free users) → /pricing, and the avatar menu: the
 * display name others see and the address only the user sees, "Change display name", Sign out.
 */
export function UserMenu({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const member = user.subscribePlan !== "";

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

  async function signOut() {
    try {
      await api.account.signOut();
    } catch (error) {
      toastError(error, t);
    }
    setOpen(false);
    broadcast(CHANNELS.finishLogout);
    void revalidator.revalidate();
  }

  const initial = (user.nick || user.email || "?").trim().charAt(0).toUpperCase();
  return (
    <div className="flex items-center gap-2" ref={menu}>
      {member ? null : (
        <button
          type="button"
          onClick={requestShare}
          className="hidden h-10 items-center rounded-full px-4 font-medium text-primary-dark ring-1 ring-primary hover:bg-primary-light md:inline-flex"
        >
          {t("account.freeCredit")}
        </button>
      )}
      {member ? null : (
        <Link
          to={to("/pricing")}
          className="inline-flex h-10 items-center gap-1 rounded-full bg-primary-light px-4 font-medium text-primary-ink hover:bg-[#dccfc1]"
        >
          {t("account.points", { count: user.point })}
        </Link>
      )}
      <div className="relative">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t("account.menu")}
          onClick={() => setOpen((value) => !value)}
          className="grid size-10 place-items-center overflow-hidden rounded-full bg-primary-dark font-semibold text-white hover:bg-primary-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {/* Our own copy of the Google picture, never Google's address (decision 0029). */}
          {user.avatar?.path ? (
            <img src={user.avatar.path} alt="" width={40} height={40} className="size-10 object-cover" />
          ) : (
            initial
          )}
        </button>
        {open ? (
          <div
            id={menuId}
            role="menu"
            className="absolute end-0 top-12 z-30 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200"
          >
            <div className="px-3 py-2">
              <p className="truncate font-medium">
                <bdi>{user.nick}</bdi>
              </p>
              <p className="truncate text-sm text-stone-500">
                {t("account.signedInAs", { email: isolate(user.email ?? user.nick) })}
              </p>
            </div>
            <button
              type="button"
              role="menuitem"
              onPointerEnter={() => void loadDisplayNameDialog()}
              onFocus={() => void loadDisplayNameDialog()}
              onClick={() => {
                setOpen(false);
                setNaming(true);
              }}
              className="h-10 w-full rounded-lg px-3 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t("displayName.menuItem")}
            </button>
            {member ? null : (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  requestShare();
                }}
                className="h-10 w-full rounded-lg px-3 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary md:hidden"
              >
                {t("account.freeCredit")}
              </button>
            )}
            <Link
              to={to("/packs/mine")}
              role="menuitem"
              onClick={() => setOpen(false)}
              className="flex h-10 w-full items-center rounded-lg px-3 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t("packs.tab.mine")}
            </Link>
            <AccountDataItems onChoose={() => setOpen(false)} />
            <button
              type="button"
              role="menuitem"
              onClick={() => void signOut()}
              className="h-10 w-full rounded-lg px-3 text-start hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t("account.signOut")}
            </button>
          </div>
        ) : null}
      </div>
      {naming ? (
        <Suspense fallback={null}>
          <DisplayNameDialog current={user.nick} onClose={() => setNaming(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
