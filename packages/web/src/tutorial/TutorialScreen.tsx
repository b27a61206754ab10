/**
 * "Learn to play": the coach above the ordinary table screen, which plays with the tutorial's
 * source. Loaded on demand (a lazy chunk): players who never open it never download it.
 * Progress is saved at every step, so leaving and coming back resumes where the learner was.
 */
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../game/session.ts';
import { prefersReducedMotion } from '../ui/motion/reducedMotion.ts';
import { TableScreen } from '../ui/TableScreen.tsx';
import { CoachPanel } from './CoachPanel.tsx';
import { clearProgress, loadProgress, saveProgress } from './progress.ts';
import { OPPONENT, TUTORIAL_STEPS } from './script.ts';
import { findTarget, revealTarget } from './showTarget.ts';
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

/** Frames to wait at most for the asked-for card to be drawn (a lazy chunk, a phone tab). */
const REVEAL_FRAMES = 30;

/**
 * Once per step: shows what the step asks for — the card to click (its phone tab, then
 * scrolled to the middle), or the coach with its Next button. Only once, so a learner who
 * scrolls away to look around is not pulled back.
 */
function useRevealTarget(source: TutorialSource | null, root: RefObject<HTMLElement | null>) {
  const coach = useSyncExternalStore(source?.subscribe ?? noSubscribe, source?.getCoach ?? noCoach);
  const asks = coach?.step.advance.kind === 'learner';
  const index = coach?.index ?? -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again at every new step
  useEffect(() => {
    const smooth = !prefersReducedMotion();
    if (!asks) {
      // An explanation or the opponent's moves: the coach itself (and its Next) is what to see.
      root.current
        ?.querySelector('[data-testid="coach"]')
        ?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
      return;
    }
    let frame = 0;
    let handle = 0;
    const attempt = () => {
      const element = root.current;
      const target = element ? findTarget(element) : null;
      if (element && target && revealTarget(element, target, smooth)) return;
      if (++frame < REVEAL_FRAMES) handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [asks, index, root]);
  return coach;
}

const noSubscribe = () => () => {};
const noCoach = () => null;

export default function TutorialScreen({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [opened] = useState(() => openTutorial(session, t('tutorial.opponentName')));
  const root = useRef<HTMLDivElement>(null);
  const coach = useRevealTarget(opened.ok ? opened.source : null, root);
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
    <div
      ref={root}
      className="tutorial"
      data-testid="tutorial"
      // While the learner must click a card, no banner may lie over it (tutorial.css).
      data-asks={coach?.step.advance.kind === 'learner' ? 'card' : undefined}
    >
      <CoachPanel source={source} onRestart={() => source.restart()} onFinish={finish} />
      <TableScreen
        source={source}
        menu={() => <TutorialMenu source={source} onLeave={() => session.openWelcome()} />}
      />
    </div>
  );
}
