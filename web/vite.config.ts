import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';
const proxied = { target: gateway, changeOrigin: true };

// Libraries every screen needs whole go into a few long-cached vendor chunks. MUI components,
// @mui/system and TanStack Query are left to Rollup, so that /login downloads only the parts it
// uses (a vendor chunk holds every part any screen uses: forcing them into one cost /login
// about 4 KB gzipped).
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (/node_modules\/(@emotion|stylis|@mui\/(styled-engine|private-theming))\//.test(id)) return 'styling';
  if (/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id)) return 'i18n';
  return undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: {
    // The Google Maps browser key, when one is configured at build time; none means the offline map.
    __PLANTED_GOOGLE_MAPS_KEY__: JSON.stringify(process.env.VITE_GOOGLE_MAPS_API_KEY ?? ''),
  },
  resolve: {
    alias: {
      '@planted/contracts/messages': fileURLToPath(
        new URL('../libs/contracts/src/messages.ts', import.meta.url),
      ),
      '@planted/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      '@planted/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': proxied, '/graphql': proxied, '/files': proxied },
  },
  preview: {
    proxy: { '/api': proxied, '/graphql': proxied, '/files': proxied },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // terser's output is 2% smaller than esbuild's (4 KB less for /login), at a few seconds of build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    // The manifest lets the bundle benchmark work out what each route downloads.
    manifest: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
