/**
 * The app shell: a header with the app's menu (home, learn to play, play online, rules, open a
 * game file, bot speed, sound and its volume, language) and the open screen, the welcome screen
 * first. At a table and on phones the menu folds behind one "Menu" button, so the header is one
 * short line that never overflows; elsewhere on a wide screen every item shows. The replay
 * viewer, the rules, the tutorial and the online screens are loaded on demand, to keep the
 * first load small.
 */
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { GameController } from '../features/local/controller.ts';
import { LocalGameMenu } from '../features/local/LocalGameMenu.tsx';
import { NewGame } from '../features/local/NewGame.tsx';
import { onlineHash, parseOnlineHash } from '../features/online/state/routes.ts';
import { LanguageSwitch } from '../i18n/index.ts';
import { SoundControl } from '../table/motion/SoundControl.tsx';
import { TableScreen } from '../table/TableScreen.tsx';
import { CreditsButton } from './credits/CreditsDialog.tsx';
import { ImportGame } from './ImportGame.tsx';
import type { Session } from './session.ts';
import { useOnline } from './useNetwork.ts';
import { Welcome } from './welcome/Welcome.tsx';
import './header.css';

const ReplayScreen = lazy(() => import('./ReplayScreen.tsx'));
const GameReview = lazy(() => import('../features/review/GameReview.tsx'));
const TutorialScreen = lazy(() => import('../features/tutorial/TutorialScreen.tsx'));
const OnlineScreen = lazy(() => import('../features/online/OnlineScreen.tsx'));
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
        else session.openWelcome();
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

/** Online play needs the network: offline, the online screens say so instead of failing. */
function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <section className="offline-notice" role="status" data-testid="offline-notice">
      <h2>{t('online.offlineTitle')}</h2>
      <p>{t('online.offline')}</p>
    </section>
  );
}

/**
 * The app's menu. Folded (a "Menu" button opening a list) at a table and on phones, by the
 * stylesheet (header.css); open, it closes on a choice, on Escape and on a click elsewhere.
 */
function AppMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { screen, controller } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  // A new screen closes the menu (a choice was made, or an invitation link was followed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => setOpen(false), [screen]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    // A button or link in the list was chosen; the selects (speed, language) and the sound
    // control (a switch beside its volume) keep it open.
    const target = event.target as HTMLElement;
    const chosen = target.closest('button, a');
    if (chosen && chosen !== toggle.current && !target.closest('.sound-control')) setOpen(false);
  };
  return (
    <nav
      ref={nav}
      className="app-menu"
      aria-label={t('app.mainMenu')}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <button
        ref={toggle}
        type="button"
        className="app-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
          <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('app.menu')}
      </button>
      <div id={listId} className={`app-menu__items${open ? ' is-open' : ''}`}>
        {screen.name !== 'welcome' ? (
          <button type="button" onClick={() => session.openWelcome()}>
            {t('app.home')}
          </button>
        ) : null}
        {controller && screen.name !== 'table' ? (
          <button type="button" onClick={() => session.backToTable()}>
            {t('app.backToTable')}
          </button>
        ) : null}
        {screen.name !== 'tutorial' ? (
          <button type="button" onClick={() => session.openTutorial()}>
            {t('tutorial.title')}
          </button>
        ) : null}
        {screen.name !== 'online' || screen.route.page !== 'home' ? (
          <a className="button-like" href={onlineHash({ page: 'home' })} data-testid="play-online">
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
        <SoundControl />
        <LanguageSwitch />
      </div>
    </nav>
  );
}

/** "Review my game" under the final score of a local game; a decision opens the replay there. */
function LocalGameReview({
  session,
  controller,
}: {
  session: Session;
  controller: GameController;
}) {
  const { t } = useTranslation();
  const { settings } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  // Rendered once the game is over: its record no longer changes.
  const record = useMemo(() => controller.record(), [controller]);
  return (
    <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
      <GameReview
        bots={() => session.bots()}
        record={record}
        seats={controller.seats}
        players={controller.getSnapshot().players}
        iterations={settings.reviewIterations}
        onShow={(decision, seat) =>
          session.openReplay(record, controller.getSnapshot().players, { decision, seat })
        }
      />
    </Suspense>
  );
}

export function App({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { screen, controller } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const online = useOnline();
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
        <AppMenu session={session} />
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
          {screen.name === 'welcome' ? <Welcome session={session} /> : null}
          {screen.name === 'newGame' ? <NewGame session={session} /> : null}
          {screen.name === 'table' && controller ? (
            <TableScreen
              source={controller}
              menu={(snapshot) => (
                <LocalGameMenu session={session} controller={controller} over={snapshot.over} />
              )}
              afterScore={<LocalGameReview session={session} controller={controller} />}
            />
          ) : null}
          {screen.name === 'replay' ? (
            <ReplayScreen
              key={screen.focus ? `review-${screen.focus.decision.index}` : 'replay'}
              session={session}
              record={screen.record}
              players={screen.players}
              focus={screen.focus}
            />
          ) : null}
          {screen.name === 'rules' ? <RulesPage /> : null}
          {screen.name === 'online' && !online ? <OfflineNotice /> : null}
          {/* An online table stays open offline: it reconnects by itself when the network returns. */}
          {screen.name === 'online' && (online || screen.route.page === 'table') ? (
            <OnlineScreen session={session} route={screen.route} />
          ) : null}
          {screen.name === 'tutorial' ? <TutorialScreen session={session} /> : null}
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>
          {t('app.footer')} <CreditsButton />
        </p>
      </footer>
    </>
  );
}
