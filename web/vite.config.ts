import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';
const proxied = { target: gateway, changeOrigin: true };

// Libraries every screen needs go into a few long-cached vendor chunks. MUI components are
// left to Rollup so that each lazy route only pulls the components it renders; that keeps
// what /login loads small.
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (/node_modules\/(@emotion|stylis|@mui\/(system|styled-engine|private-theming|utils))\//.test(id))
    return 'styling';
  if (/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//.test(id)) return 'i18n';
  if (/node_modules\/@tanstack\//.test(id)) return 'query';
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
    // The manifest lets the bundle benchmark work out what each route downloads.
    manifest: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
