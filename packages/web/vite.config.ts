import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';

// The bots worker and the replay viewer are split into their own chunks (dynamic imports and
// `new Worker(new URL(...))`), so the first page load stays small (see scripts/bundle-size.mjs).
export default defineConfig({
  plugins: [
    react(),
    // An installable app that works offline after one visit: Workbox precaches every file of
    // the build — the lazy chunks (tutorial, rules, replay, other languages, online screens)
    // and the bot worker included — so a game against bots and the tutorial need no network.
    VitePWA({
      // Registered by an external script (registerSW.js), never an inline one: the server's
      // Content-Security-Policy allows no inline scripts.
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      // The glob below already lists the icons; listing them twice would precache them twice.
      includeManifestIcons: false,
      manifest: {
        name: 'Gangsta!',
        short_name: 'Gangsta!',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1b1d23',
        theme_color: '#121318',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Every file of the build (the plugin adds the manifest itself): the card art (SVG) and
        // the self-hosted fonts (woff2, latin + latin-ext only: src/art/fonts.css) included.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The bot worker carries the bots and the engine: larger than Workbox's 2 MB default.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        // The online API and its WebSocket are the server's, never the app shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Brotli and gzip copies of every text file, which the game server sends as they are
    // (after the service worker is written, so it has copies too).
    precompress(),
  ],
  // Every "zod" import gets Zod with eval-compiled parsers off (src/zodNoEval.ts): the server's
  // Content-Security-Policy refuses eval, and Zod's probe for it would be reported as a
  // violation. The page and the bot worker resolve alike.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zodNoEval.ts', import.meta.url)) },
    ],
  },
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
