/// <reference types="node" />
// Vite build of the Marquee Player, the screen app the server serves at /player/ (apps/server/src/app.ts,
// PLAYER_DIST). No Mantine and no zod: a signage display's browser is slow and its storage small.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from '../../scripts/version.mjs';

export default defineConfig({
  base: '/player/',
  plugins: [react()],
  define: { __PLAYER_VERSION__: JSON.stringify(process.env.APP_VERSION ?? buildVersion()) },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { port: 5174, proxy: { '/api': 'http://127.0.0.1:8000' } },
});
