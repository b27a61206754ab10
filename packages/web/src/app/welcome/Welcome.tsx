/**
 * The first screen: the title, the player's name, and the ways in. A saved game puts
 * "Continue" first; otherwise "Play" (one click to a table against three bots) and "Learn to
 * play" lead, equally large. "Play online" shows how many online games wait for the player
 * (asked lazily, with the online code) or says it needs a connection; "Custom game" opens
 * every option of a local game.
 */
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineHash } from '../../features/online/state/routes.ts';
import type { Session } from '../session.ts';
import { useOnline } from '../useNetwork.ts';
import { NamePrompt } from './NamePrompt.tsx';
import { TitleArt } from './TitleArt.tsx';
import './welcome.css';

/** Online games waiting for the player's move; null while unknown or when never played online. */
function useTurnsWaiting(online: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!online) return;
    let current = true;
    import('../../features/online/state/turnCount.ts')
      .then((module) => module.turnsWaiting())
      .then(
        (waiting) => {
          if (current) setCount(waiting);
        },
        // The count is a courtesy: a server that does not answer leaves the button as it is.
        () => {},
      );
    return () => {
      current = false;
    };
  }, [online]);
  return count;
}

interface ChoiceProps {
  label: string;
  help: string;
  onClick: () => void;
  big?: boolean;
  primary?: boolean;
  testId?: string;
}

function Choice({ label, help, onClick, big = false, primary = false, testId }: ChoiceProps) {
  const id = useId();
  return (
    <button
      type="button"
      className={`welcome__choice${big ? ' welcome__choice--big' : ''}${primary ? ' primary' : ''}`}
      onClick={onClick}
      // Named by its label alone; the line under it is its description.
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-help`}
      data-testid={testId}
    >
      <span className="welcome__label" id={`${id}-label`}>
        {label}
      </span>
      <span className="welcome__help" id={`${id}-help`}>
        {help}
      </span>
    </button>
  );
}

export function Welcome({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { controller } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const online = useOnline();
  const waiting = useTurnsWaiting(online);
  const id = useId();
  const saved = controller !== null;
  const onlineId = `${id}-online`;
  return (
    <section className="welcome" data-testid="welcome" aria-labelledby={`${id}-title`}>
      <TitleArt title={t('app.title')} />
      <h2 id={`${id}-title`} className="welcome__tagline">
        {t('welcome.tagline')}
      </h2>
      <NamePrompt />
      <div className="welcome__main">
        {saved ? (
          <Choice
            big
            primary
            label={t('welcome.continue')}
            help={t('welcome.continueHelp')}
            onClick={() => session.backToTable()}
            testId="continue-game"
          />
        ) : null}
        <Choice
          big
          primary={!saved}
          label={t('welcome.play')}
          help={t('welcome.playHelp')}
          onClick={() => session.quickGame()}
          testId="start-game"
        />
        <Choice
          big
          label={t('tutorial.title')}
          help={t('welcome.learnHelp')}
          onClick={() => session.openTutorial()}
          testId="learn-to-play"
        />
      </div>
      <div className="welcome__more">
        <a
          className="welcome__choice"
          href={onlineHash({ page: 'home' })}
          aria-labelledby={`${onlineId}-label`}
          aria-describedby={onlineId}
          data-testid="welcome-online"
        >
          <span className="welcome__label" id={`${onlineId}-label`}>
            {t('online.playOnline')}
          </span>
          <span className="welcome__help" id={onlineId}>
            {!online
              ? t('welcome.offline')
              : waiting
                ? t('welcome.onlineTurns', { count: waiting })
                : t('welcome.onlineHelp')}
          </span>
          {online && waiting ? (
            <span className="welcome__badge" aria-hidden="true">
              {waiting}
            </span>
          ) : null}
        </a>
        <Choice
          label={t('welcome.custom')}
          help={t('welcome.customHelp')}
          onClick={() => session.openNewGame()}
          testId="custom-game"
        />
      </div>
    </section>
  );
}
