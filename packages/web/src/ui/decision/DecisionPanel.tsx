/**
 * The pending decision: what it asks, in words, and a control for every legal move of the
 * deciding seat. The moves come from `legalMoves` (through the controller), never from the UI's
 * own idea of the rules.
 */
import { type Decision, type GameView, type Move, moveKey } from '@gangsta/engine';
import { useEffect, useRef } from 'react';
import type { HintState, TableError } from '../../game/tableSource.ts';
import type { TextContext } from '../../text/context.ts';
import { decisionHelp, decisionStatus, decisionTitle } from '../../text/decisions.ts';
import { ActionChooser } from './ActionChooser.tsx';
import { BankControl } from './BankControl.tsx';
import { HeistBuilder } from './HeistBuilder.tsx';
import { MoveList } from './MoveButton.tsx';
import { ResourceChoice } from './ResourceChoice.tsx';
import type { DecisionProps } from './types.ts';

export interface DecisionPanelProps {
  ctx: TextContext;
  view: GameView;
  decision: Decision;
  legal: Move[];
  play: (move: Move) => void;
  moveText: (move: Move) => string;
  thinking: number | null;
  canUndo: boolean;
  onUndo: () => void;
  hint: HintState;
  onHint: () => void;
  error: TableError | null;
}

function Body(props: DecisionProps) {
  const { decision } = props;
  switch (decision.kind) {
    case 'action':
      return <ActionChooser {...props} decision={decision} />;
    case 'activate':
      return <HeistBuilder {...props} decision={decision} />;
    case 'keepResources':
      return <ResourceChoice {...props} decision={decision} />;
    default:
      return <MoveList moves={props.legal} play={props.play} moveText={props.moveText} />;
  }
}

export function DecisionPanel(props: DecisionPanelProps) {
  const { ctx, view, decision, legal, play, moveText } = props;
  const { t } = ctx;
  const mine = legal.length > 0;
  const heading = useRef<HTMLHeadingElement>(null);
  const movesKey = legal.map(moveKey).join('|');
  // After a move the clicked button is gone and the focus with it: bring keyboard users back
  // to the new question instead of the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the legal moves change
  useEffect(() => {
    const active = document.activeElement;
    if (mine && (active === null || active === document.body)) heading.current?.focus();
  }, [movesKey, mine]);
  const bankMoves = legal.filter((m): m is Extract<Move, { type: 'bank' }> => m.type === 'bank');
  const others = legal.filter((m) => m.type !== 'bank');
  return (
    <section
      className={`decision${mine ? ' mine' : ''}`}
      data-testid="decision"
      aria-labelledby="decision-title"
    >
      <h2 id="decision-title" ref={heading} tabIndex={-1}>
        {decisionStatus(ctx, decision)}
      </h2>
      {mine ? (
        <>
          <p className="help">{decisionHelp(ctx, view, decision)}</p>
          <Body
            ctx={ctx}
            view={view}
            decision={decision}
            legal={others}
            play={play}
            moveText={moveText}
          />
          <BankControl ctx={ctx} view={view} moves={bankMoves} play={play} />
        </>
      ) : props.thinking !== null ? (
        <p className="thinking" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('decision.botThinking', {
            seat: t('app.seat', { n: props.thinking + 1 }),
            title: decisionTitle(ctx, decision),
          })}
        </p>
      ) : null}
      {props.error ? (
        <p className="error" role="alert">
          {t('decision.rejected', { message: props.error.message })}
        </p>
      ) : null}
      {mine || props.canUndo ? (
        <div className="decision-tools">
          {props.canUndo ? (
            <button type="button" className="secondary" onClick={props.onUndo}>
              {t('decision.undo')}
            </button>
          ) : null}
          {mine ? (
            <button
              type="button"
              className="secondary"
              onClick={props.onHint}
              disabled={props.hint.status === 'thinking'}
            >
              {t('decision.hintButton')}
            </button>
          ) : null}
        </div>
      ) : null}
      {mine ? (
        <HintText ctx={ctx} view={view} decision={decision} hint={props.hint} moveText={moveText} />
      ) : null}
    </section>
  );
}

function HintText({
  ctx,
  hint,
  moveText,
}: {
  ctx: TextContext;
  view: GameView;
  decision: Decision;
  hint: HintState;
  moveText: (move: Move) => string;
}) {
  const { t } = ctx;
  if (hint.status === 'idle') return null;
  return (
    <p className="hint" role="status">
      {hint.status === 'thinking'
        ? t('decision.hintThinking')
        : hint.status === 'failed'
          ? t('decision.hintFailed')
          : hint.reason
            ? t('decision.hintWithReason', { move: moveText(hint.move), reason: hint.reason })
            : t('decision.hint', { move: moveText(hint.move) })}
    </p>
  );
}
