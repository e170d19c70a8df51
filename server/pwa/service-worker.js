// The site's service worker (decision 0045), served at /sw.js with `BUILD` written above this line by
// server/pwa/service-worker-script.ts: { version, precache, icons, offlinePages, languages }.
//
// It keeps only what any visitor may be given: the build's hashed files (/assets/*, never changed
// once built), the app's icons and the offline pages. Pages are always asked of the network and never
// stored: a signed-in page is one person's. /api/* and /files/* are not touched at all.

const CACHE = `shell-${BUILD.version}`;
const ICONS = new Set(BUILD.icons);

// At install, the English offline page (the one every address falls back to); another language's is
// kept at the first page of that language it serves, so a visitor downloads only their own.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD.precache))
      .then(() => self.skipWaiting()),
  );
});

// A new build's worker drops every cache of the builds before it, then takes the open pages over.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url));
    return;
  }
  if (isShellFile(url)) event.respondWith(shellFile(event));
});

// The page the page itself loaded before this worker ran: its hashed files, to keep.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep-assets" || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const address of event.data.urls.slice(0, 200)) {
        const url = new URL(String(address), self.location.origin);
        if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/") || url.search) continue;
        if (!(await cache.match(url.pathname))) await keep(cache, url.pathname, await fetch(url.pathname).catch(() => null));
      }
    })(),
  );
});

function isShellFile(url) {
  return !url.search && (url.pathname.startsWith("/assets/") || ICONS.has(url.pathname));
}

/** A page from the network (never stored); without a network, the offline page in its language. */
async function navigate(event, url) {
  const offlinePage = offlinePageOf(url.pathname);
  try {
    const preloaded = await event.preloadResponse;
    const answer = preloaded ?? (await fetch(event.request));
    event.waitUntil(keepOfflinePage(offlinePage));
    return answer;
  } catch {
    const cache = await caches.open(CACHE);
    return (await cache.match(offlinePage)) ?? (await cache.match(BUILD.offlinePages.en)) ?? Response.error();
  }
}

function offlinePageOf(pathname) {
  const first = pathname.split("/")[1];
  return BUILD.offlinePages[BUILD.languages.includes(first) ? first : "en"];
}

async function keepOfflinePage(address) {
  const cache = await caches.open(CACHE);
  if (!(await cache.match(address))) await keep(cache, address, await fetch(address).catch(() => null));
}

/** A hashed build file or an icon: from the cache, else from the network and kept. */
async function shellFile(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const answer = await fetch(event.request);
  event.waitUntil(keep(cache, event.request, answer.clone()));
  return answer;
}

/** Keeps a whole, successful, same-origin answer only. */
async function keep(cache, key, answer) {
  if (answer?.ok && answer.status === 200 && answer.type === "basic") await cache.put(key, answer);
}
