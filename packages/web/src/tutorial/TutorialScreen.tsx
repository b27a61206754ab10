/**
 * "Learn to play": the coach above the ordinary table screen, which plays with the tutorial's
 * source. Loaded on demand (a lazy chunk): players who never open it never download it.
 * Progress is saved at every step, so leaving and coming back resumes where the learner was.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../game/session.ts';
import { TableScreen } from '../ui/TableScreen.tsx';
import { CoachPanel } from './CoachPanel.tsx';
import { clearProgress, loadProgress, saveProgress } from './progress.ts';
import { OPPONENT, TUTORIAL_STEPS } from './script.ts';
import { TutorialSource, type TutorialStart } from './TutorialSource.ts';
import './tutorial.css';

/** The learner keeps the seat's own name ("you"); the scripted opponent gets a name. */
function seatNames(opponentName: string): (string | null)[] {
  return [0, 1].map((seat) => (seat === OPPONENT ? opponentName : null));
}

function openTutorial(session: Session, opponentName: string): TutorialStart {
  // A finished tutorial starts again from the beginning.
  const saved = loadProgress(TUTORIAL_STEPS.length);
  const step = saved === null || saved === TUTORIAL_STEPS.length - 1 ? 0 : saved;
  return TutorialSource.open(step, {
    // The opponent moves at the bot speed chosen in the header.
    opponentDelayMs: () => session.getSnapshot().settings.botDelayMs,
    save: saveProgress,
    names: seatNames(opponentName),
  });
}

function TutorialMenu({ source, onLeave }: { source: TutorialSource; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="game-menu" aria-label={t('tutorial.menu')}>
      <button type="button" onClick={() => source.restart()}>
        {t('tutorial.restart')}
      </button>
      <button type="button" onClick={onLeave}>
        {t('tutorial.leave')}
      </button>
    </nav>
  );
}

export default function TutorialScreen({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [opened] = useState(() => openTutorial(session, t('tutorial.opponentName')));
  useEffect(() => {
    if (!opened.ok) return;
    opened.source.start();
    return () => opened.source.stop();
  }, [opened]);
  useEffect(() => {
    if (!opened.ok) return;
    opened.source.setNames(seatNames(t('tutorial.opponentName')));
  }, [opened, t]);
  if (!opened.ok) {
    return (
      <p className="error" role="alert">
        {t('tutorial.broken', { step: opened.step + 1, message: opened.error.message })}
      </p>
    );
  }
  const source = opened.source;
  const finish = () => {
    clearProgress();
    session.openNewGame();
  };
  return (
    <div className="tutorial" data-testid="tutorial">
      <CoachPanel source={source} onRestart={() => source.restart()} onFinish={finish} />
      <TableScreen
        source={source}
        menu={() => <TutorialMenu source={source} onLeave={() => session.openNewGame()} />}
      />
    </div>
  );
}
