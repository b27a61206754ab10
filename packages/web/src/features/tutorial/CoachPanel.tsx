/**
 * The coach: the step's explanation, what to click (the one card the table highlights) and the
 * buttons that move the tutorial on — above the table on a wide screen, and on a phone a panel
 * held at the foot of the screen, so that the explanation stays in view while the page scrolls
 * to the card (tutorial.css). New text is announced politely to screen readers; the learner's own
 * clicks stay on the table.
 */
import { cardsOf, type GameView } from '@gangsta/engine';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextContext } from '../../text/context.ts';
import { describeMove } from '../../text/moves.ts';
import { cardName } from '../../text/names.ts';
import type { CoachState, TutorialSource } from './TutorialSource.ts';

export interface CoachPanelProps {
  source: TutorialSource;
  onRestart: () => void;
  onFinish: () => void;
}

/** The card names a step's text mentions, translated, plus the opponent's name. */
function stepParams(ctx: TextContext, coach: CoachState): Record<string, string> {
  const params: Record<string, string> = { opponent: ctx.t('tutorial.opponentName') };
  for (const [name, id] of Object.entries(coach.step.cards)) {
    params[name] = cardName(ctx.t, ctx.cards, id);
  }
  return params;
}

function WhatToClick({
  ctx,
  view,
  coach,
}: {
  ctx: TextContext;
  view: GameView;
  coach: CoachState;
}) {
  const advance = coach.step.advance;
  if (advance.kind === 'learner') {
    const move = describeMove(ctx, view, view.decision, advance.move);
    return <p className="coach-do">{ctx.t('tutorial.doThis', { move })}</p>;
  }
  if (coach.opponentPlaying) {
    return (
      <p className="coach-wait">
        <span className="spinner" aria-hidden="true" />
        {ctx.t('tutorial.opponentPlaying', { opponent: ctx.t('tutorial.opponentName') })}
      </p>
    );
  }
  return null;
}

export function CoachPanel({ source, onRestart, onFinish }: CoachPanelProps) {
  const { t } = useTranslation();
  const coach = useSyncExternalStore(source.subscribe, source.getCoach);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const view = snapshot.view;
  if (!view) return null;
  const ctx: TextContext = {
    t,
    cards: cardsOf(view.cards),
    seats: snapshot.seats,
    viewer: snapshot.viewer,
    // The players' names, so "Add Don Ramón Oro of Vera" names the rival as the table does.
    players: snapshot.players,
  };
  const params = stepParams(ctx, coach);
  const id = coach.step.id;
  return (
    <section
      className="coach"
      aria-labelledby="coach-title"
      data-testid="coach"
      data-step={id}
      data-step-index={coach.index}
    >
      <div className="coach-head">
        <p className="coach-progress">
          {t('tutorial.progress', { n: coach.index + 1, total: coach.total })}
        </p>
        <progress max={coach.total} value={coach.index + 1} aria-hidden="true" />
      </div>
      <div className="coach-text" aria-live="polite">
        <h2 id="coach-title">{t(`tutorial.steps.${id}.title`, params)}</h2>
        <p>{t(`tutorial.steps.${id}.body`, params)}</p>
        <WhatToClick ctx={ctx} view={view} coach={coach} />
      </div>
      {coach.error ? (
        <p className="error" role="alert">
          {t('tutorial.refused', { message: coach.error.message })}
        </p>
      ) : null}
      <div className="coach-buttons">
        {coach.finished ? (
          <>
            <button type="button" className="primary" onClick={onFinish}>
              {t('tutorial.playGame')}
            </button>
            <button type="button" onClick={onRestart}>
              {t('tutorial.again')}
            </button>
          </>
        ) : coach.canContinue ? (
          <button
            type="button"
            className="primary"
            data-testid="tutorial-next"
            onClick={() => source.next()}
          >
            {t('tutorial.next')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
