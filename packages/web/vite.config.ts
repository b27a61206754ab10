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
});
