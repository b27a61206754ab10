/** The entry point: translations, the session (resuming a saved game), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { Session } from './app/session.ts';
import { i18nReady } from './i18n/index.ts';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

const session = new Session();
// A game in progress survives a reload: its record is replayed by the engine.
session.resumeSaved();

// Wait for the remembered language (at most one small file) to avoid a flash of English.
i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
});
