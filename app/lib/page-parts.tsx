import { type ReactNode, Suspense, use } from "react";

/**
 * Parts of a page that only some viewers see — an owner's controls on a pack's or a sticker's page, the
 * signed-in header's menu — each a script of its own, so a visitor's first load does not carry them
 * (docs/ARCHITECTURE.md, "First-load budget"; decision 0056).
 *
 * A part shown in the server's HTML leaves a `[data-part]` mark beside it, and the browser loads every
 * marked part before it hydrates (`loadShownParts`, entry.client.tsx): the part then hydrates with the
 * rest of the page, at once, and is as ready as the page when `<html data-hydrated>` says so. A part
 * that appears later (a link followed in the browser) suspends until its script is in, showing its
 * fallback meanwhile.
 */
const loaders = {
  "pack-owner": () => import("#app/features/packs/pack-owner.tsx"),
  "sticker-owner": () => import("#app/features/stickers/sticker-owner.tsx"),
  "user-menu": () => import("#app/features/auth/user-menu.tsx"),
};

export type PartName = keyof typeof loaders;
type PartModule<N extends PartName> = Awaited<ReturnType<(typeof loaders)[N]>>;

const loaded = new Map<PartName, unknown>();
const loading = new Map<PartName, Promise<unknown>>();

function isPartName(name: string | undefined): name is PartName {
  return name !== undefined && Object.hasOwn(loaders, name);
}

/** The part's module, once per page life (a failed load may be tried again). */
export function loadPart<N extends PartName>(name: N): Promise<PartModule<N>> {
  let pending = loading.get(name);
  if (!pending) {
    pending = loaders[name]().then((module) => {
      loaded.set(name, module);
      return module;
    });
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending as Promise<PartModule<N>>;
}

// The server renders every part at once: its modules are loaded when this one is.
if (typeof window === "undefined") for (const name of Object.keys(loaders) as PartName[]) void loadPart(name);

/** The parts the server's HTML shows, loaded before the page hydrates. */
export function loadShownParts(): Promise<unknown> {
  const names = new Set<PartName>();
  for (const mark of document.querySelectorAll<HTMLElement>("[data-part]")) {
    if (isPartName(mark.dataset.part)) names.add(mark.dataset.part);
  }
  return Promise.all([...names].map((name) => loadPart(name)));
}

function LoadedPart<N extends PartName>({ name, children }: { name: N; children: (part: PartModule<N>) => ReactNode }) {
  const part = (loaded.get(name) as PartModule<N> | undefined) ?? use(loadPart(name));
  return children(part);
}

/**
 * Renders `children` with the part's module: at once when it is loaded (always, in the server's render
 * and while hydrating), else `fallback` until it is.
 */
export function PagePart<N extends PartName>({
  name,
  fallback = null,
  children,
}: {
  name: N;
  fallback?: ReactNode;
  children: (part: PartModule<N>) => ReactNode;
}) {
  return (
    <>
      <span data-part={name} hidden />
      <Suspense fallback={fallback}>
        <LoadedPart name={name}>{children}</LoadedPart>
      </Suspense>
    </>
  );
}
