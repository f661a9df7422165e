import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { NAVIGATION_ALLOWLIST, NAVIGATION_DENYLIST, PRECACHE_GLOBS } from './src/lib/sw-rules.ts';

// The theme colour of the app (antd's primary, the header's logo); the same in index.html's theme-color.
const THEME = '#1677ff';

export default defineConfig({
  plugins: [
    react(),
    // Volant installs as an app and its shell loads without signal (docs/decisions/0018-installable-app.md).
    VitePWA({
      // A new version waits until the user takes it ('Aktualizovat' in the shell) or every window of the app closes:
      // a reload in the middle of a ride's signatures would lose them. The shell registers the SW itself, after load
      // (lib/service-worker.ts), so the login route loads nothing more.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/app',
        name: 'Volant',
        short_name: 'Volant',
        description: 'Aplikace pro autoškoly',
        lang: 'cs',
        dir: 'ltr',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: PRECACHE_GLOBS,
        // Every JS chunk, so any /app page opens offline after one online visit; the largest is ~1 MB.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: NAVIGATION_ALLOWLIST,
        navigateFallbackDenylist: NAVIGATION_DENYLIST,
        // No runtime caching: answers of the server are never kept by the SW (the day's data is the IndexedDB store's).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once; an update waits (skipWaiting on the user's 'Aktualizovat').
        clientsClaim: true,
        skipWaiting: false,
        // Hashed file names are their own revision; the query strings the app adds are none.
        dontCacheBustURLsMatching: /^assets\//,
        ignoreURLParametersMatching: [/.*/],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The route-size checks (scripts/route-size.mjs, bench/lib/login-route.ts) read which chunks a route loads.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'query', test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/, priority: 25 },
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/, priority: 15 },
          ],
        },
      },
    },
  },
});
