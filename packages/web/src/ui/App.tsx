/**
 * The app shell: a header (new game, rules, import, language, bot speed) and the open screen.
 * The replay viewer and the rules page are loaded on demand, to keep the first load small.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../game/session.ts';
import { LanguageSwitch } from '../i18n/index.ts';
import { ImportGame } from './ImportGame.tsx';
import { NewGame } from './NewGame.tsx';
import { LocalGameMenu, TableScreen } from './TableScreen.tsx';

const ReplayViewer = lazy(() => import('../replay/ReplayViewer.tsx'));
const RulesPage = lazy(() =>
  import('../rules/RulesPage.tsx').then((module) => ({ default: module.RulesPage })),
);

const SPEEDS = [
  { key: 'slow', ms: 1500 },
  { key: 'normal', ms: 700 },
  { key: 'fast', ms: 200 },
  { key: 'instant', ms: 0 },
] as const;

function SpeedSwitch({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { settings } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const current = SPEEDS.reduce((best, s) =>
    Math.abs(s.ms - settings.botDelayMs) < Math.abs(best.ms - settings.botDelayMs) ? s : best,
  );
  return (
    <span className="speed-switch">
      <label htmlFor="bot-speed">{t('app.botSpeed')}</label>
      <select
        id="bot-speed"
        value={current.key}
        onChange={(e) => {
          const speed = SPEEDS.find((s) => s.key === e.target.value);
          if (speed) session.setSettings({ ...settings, botDelayMs: speed.ms });
        }}
      >
        {SPEEDS.map((s) => (
          <option key={s.key} value={s.key}>
            {t(`app.speed.${s.key}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

export function App({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { screen, controller } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <h1>
          <span className="logo" aria-hidden="true">
            ★
          </span>{' '}
          {t('app.title')}
        </h1>
        <nav aria-label={t('app.mainMenu')}>
          {screen.name !== 'newGame' ? (
            <button type="button" onClick={() => session.openNewGame()}>
              {t('app.newGame')}
            </button>
          ) : null}
          {controller && screen.name !== 'table' ? (
            <button type="button" onClick={() => session.backToTable()}>
              {t('app.backToTable')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => (screen.name === 'rules' ? session.closeRules() : session.openRules())}
          >
            {t(screen.name === 'rules' ? 'app.closeRules' : 'app.rules')}
          </button>
          <ImportGame session={session} />
          <SpeedSwitch session={session} />
          <LanguageSwitch />
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
          {screen.name === 'newGame' ? <NewGame session={session} /> : null}
          {screen.name === 'table' && controller ? (
            <TableScreen
              source={controller}
              menu={(snapshot) => (
                <LocalGameMenu session={session} controller={controller} over={snapshot.over} />
              )}
            />
          ) : null}
          {screen.name === 'replay' ? (
            <ReplayViewer session={session} record={screen.record} seats={screen.seats} />
          ) : null}
          {screen.name === 'rules' ? <RulesPage /> : null}
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>{t('app.footer')}</p>
      </footer>
    </>
  );
}
