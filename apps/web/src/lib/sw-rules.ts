// What the service worker (vite-plugin-pwa's Workbox `generateSW`, apps/web/vite.config.ts) may answer from the device.
// docs/decisions/0018-installable-app.md. The SW keeps the built app shell only (JS, CSS, icons, index.html) and no
// answer of the server: nothing of /api (tRPC, PDFs in /api/files, the public form API), /ics feeds, socket.io.
//
// A navigation (an address typed, a reload, the installed app's start) is answered with the cached index.html only
// when it is a page of the staff app, /app and below: those are the pages a teacher opens without signal ('Můj den').
// Every other navigation goes to the server as before: the public pages with headers of their own (the hosted form
// /apply/… with its frame-ancestors, the student pass and /zak with noindex), print pages, and whatever the server
// renders itself. Workbox's NavigationRoute tests `pathname + search` against these lists: an allowlist match and no
// denylist match.

/** Navigations the cached index.html answers. */
export const NAVIGATION_ALLOWLIST: RegExp[] = [/^\/app(?:[/?#]|$)/];

/** Never the cached shell, even under /app (a belt to the allowlist's braces: none of these is an /app page). */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(?:[/?]|$)/, /^\/trpc(?:[/?]|$)/, /^\/ics(?:[/?]|$)/, /^\/socket\.io(?:[/?]|$)/, /\.pdf(?:\?|$)/i];

/**
 * The files the SW precaches, relative to the build folder (Workbox globs): the built code and index.html. The icons and
 * the web manifest come in through vite-plugin-pwa's `includeAssets` and manifest icons; the Vite manifest (.vite/) is not one.
 */
export const PRECACHE_GLOBS = ['**/*.{js,css,html,woff,woff2}'];

/** What Workbox's NavigationRoute decides for a navigation to `pathAndSearch` (e.g. '/app/muj-den?d=1'). */
export function isShellNavigation(pathAndSearch: string): boolean {
  return NAVIGATION_ALLOWLIST.some((re) => re.test(pathAndSearch)) && !NAVIGATION_DENYLIST.some((re) => re.test(pathAndSearch));
}
