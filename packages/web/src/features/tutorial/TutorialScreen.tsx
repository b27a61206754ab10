/**
 * "Learn to play": the coach above the ordinary table screen, which plays with the tutorial's
 * source. Loaded on demand (a lazy chunk): players who never open it never download it.
 * Progress is saved at every step, so leaving and coming back resumes where the learner was.
 */
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../app/session.ts';
import { prefersReducedMotion } from '../../table/motion/reducedMotion.ts';
import { TableScreen } from '../../table/TableScreen.tsx';
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
/** Frames, after the card was scrolled to, in which it is brought back if the page moved it. */
const SETTLE_FRAMES = 20;

/** The coach's height on the page (`--coach-height`), measured now: its text just changed. */
function measureCoach(root: HTMLElement | null): void {
  const coach = root?.querySelector('[data-testid="coach"]');
  if (!coach) return;
  document.documentElement.style.setProperty(
    '--coach-height',
    `${Math.ceil(coach.getBoundingClientRect().height)}px`,
  );
}

/**
 * Whether the card is where the learner can see and press it: its middle inside the window
 * and not under the coach (which a phone holds at the foot of the screen).
 */
function clearOfCoach(target: HTMLElement): boolean {
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
  const top = document.elementFromPoint(x, y);
  return top === null || !top.closest('[data-testid="coach"]');
}

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
      // An explanation or the opponent's moves: the page's top, where the coach and its Next
      // are (on a phone the coach is always in view) and the game's buttons are not under it.
      window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
      return;
    }
    let frame = 0;
    let handle = 0;
    let shown: HTMLElement | null = null;
    const attempt = () => {
      const element = root.current;
      if (shown) {
        // The table's own moves of the page (the status line taking the focus back, its own
        // "show the decision") can cut a smooth scroll short: until the card settles in view,
        // it is shown again, at once.
        if (shown.isConnected && !clearOfCoach(shown)) {
          measureCoach(element);
          shown.scrollIntoView({ block: 'center', inline: 'center', behavior: 'auto' });
        }
      } else {
        const target = element ? findTarget(element) : null;
        measureCoach(element);
        if (element && target && revealTarget(element, target, smooth)) {
          shown = target;
          frame = Math.max(frame, REVEAL_FRAMES - SETTLE_FRAMES);
        }
      }
      if (++frame < REVEAL_FRAMES) handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [asks, index, root]);
  return coach;
}

const noSubscribe = () => () => {};

/**
 * The coach's height as `--coach-height` on the page: on a phone the coach is held at the foot
 * of the screen, and the page keeps that much room under the table and above the cards it
 * scrolls into view (tutorial.css).
 */
function useCoachHeight(root: RefObject<HTMLElement | null>, step: number): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks again at each step (the coach may have been redrawn)
  useEffect(() => {
    const coach = root.current?.querySelector('[data-testid="coach"]');
    const page = document.documentElement;
    if (!coach || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measureCoach(root.current));
    observer.observe(coach);
    return () => {
      observer.disconnect();
      page.style.removeProperty('--coach-height');
    };
  }, [root, step]);
}
const noCoach = () => null;

export default function TutorialScreen({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [opened] = useState(() => openTutorial(session, t('tutorial.opponentName')));
  const root = useRef<HTMLDivElement>(null);
  const coach = useRevealTarget(opened.ok ? opened.source : null, root);
  useCoachHeight(root, coach?.index ?? -1);
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
