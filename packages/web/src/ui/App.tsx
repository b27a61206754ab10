/**
 * The app shell: a header (new game, rules, import, language, bot speed) and the open screen.
 * The replay viewer and the rules page are loaded on demand, to keep the first load small.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../game/session.ts';
import { LanguageSwitch } from '../i18n/index.ts';
import { onlineHash, parseOnlineHash } from '../online/routes.ts';
import { ImportGame } from './ImportGame.tsx';
import { NewGame } from './NewGame.tsx';
import { LocalGameMenu, TableScreen } from './TableScreen.tsx';

const ReplayViewer = lazy(() => import('../replay/ReplayViewer.tsx'));
const TutorialScreen = lazy(() => import('../tutorial/TutorialScreen.tsx'));
const OnlineScreen = lazy(() => import('../online/OnlineScreen.tsx'));
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

/**
 * Online screens have addresses (`#/online…`) so that invitation links work: the hash opens
 * the screen, and leaving the online screens clears it.
 */
function useOnlineHash(session: Session): void {
  const { screen } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useEffect(() => {
    const follow = () => {
      const route = parseOnlineHash(window.location.hash);
      if (route) session.openOnline(route);
      else if (session.getSnapshot().screen.name === 'online') {
        if (session.getSnapshot().controller) session.backToTable();
        else session.openNewGame();
      }
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [session]);
  useEffect(() => {
    const inHash = parseOnlineHash(window.location.hash) !== null;
    // Left the online screens by the menu: the address forgets the table.
    if (screen.name !== 'online' && inHash) {
      const { pathname, search } = window.location;
      window.history.replaceState(null, '', `${pathname}${search}`);
    }
    // Back from the rules to an online screen: the address names it again.
    if (screen.name === 'online' && !inHash) {
      window.history.replaceState(null, '', onlineHash(screen.route));
    }
  }, [screen]);
}

export function App({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { screen, controller } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useOnlineHash(session);
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
          {screen.name !== 'tutorial' ? (
            <button type="button" onClick={() => session.openTutorial()}>
              {t('tutorial.title')}
            </button>
          ) : null}
          {controller && screen.name !== 'table' ? (
            <button type="button" onClick={() => session.backToTable()}>
              {t('app.backToTable')}
            </button>
          ) : null}
          {screen.name !== 'online' || screen.route.page !== 'home' ? (
            <a
              className="button-like"
              href={onlineHash({ page: 'home' })}
              data-testid="play-online"
            >
              {t('online.playOnline')}
            </a>
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
          {screen.name === 'online' ? (
            <OnlineScreen session={session} route={screen.route} />
          ) : null}
          {screen.name === 'tutorial' ? <TutorialScreen session={session} /> : null}
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>{t('app.footer')}</p>
      </footer>
    </>
  );
}
