import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The bots worker and the replay viewer are split into their own chunks (dynamic imports and
// `new Worker(new URL(...))`), so the first page load stays small (see scripts/bundle-size.mjs).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
  },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  // `vite` (dev) beside a running server (`npm start`, port 5173): the online API and its
  // WebSocket are passed through, so online play works with hot reload. The dev page itself
  // moves to 5174 so that it does not take the server's port.
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: {
      '/api': { target: process.env.GANGSTA_API ?? 'http://127.0.0.1:5173', ws: true },
    },
  },
});
