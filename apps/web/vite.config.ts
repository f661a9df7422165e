import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
