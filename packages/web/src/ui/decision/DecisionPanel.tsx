/**
 * The pending decision: what it asks, in words, and a control for every legal move of the
 * deciding seat. The moves come from `legalMoves` (through the controller), never from the UI's
 * own idea of the rules.
 */
import type { Decision, EngineError, GameView, Move } from '@gangsta/engine';
import type { HintState } from '../../game/controller.ts';
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
  describe: (move: Move) => string;
  thinking: number | null;
  canUndo: boolean;
  onUndo: () => void;
  hint: HintState;
  onHint: () => void;
  error: EngineError | null;
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
      return <MoveList moves={props.legal} play={props.play} describe={props.describe} />;
  }
}

export function DecisionPanel(props: DecisionPanelProps) {
  const { ctx, view, decision, legal, play, describe } = props;
  const { t } = ctx;
  const mine = legal.length > 0;
  const bankMoves = legal.filter((m): m is Extract<Move, { type: 'bank' }> => m.type === 'bank');
  const others = legal.filter((m) => m.type !== 'bank');
  return (
    <section className={`decision${mine ? ' mine' : ''}`} data-testid="decision" aria-labelledby="decision-title">
      <h2 id="decision-title">{decisionStatus(ctx, decision)}</h2>
      {mine ? (
        <>
          <p className="help">{decisionHelp(ctx, view, decision)}</p>
          <Body ctx={ctx} view={view} decision={decision} legal={others} play={play} describe={describe} />
          <BankControl ctx={ctx} view={view} moves={bankMoves} play={play} />
        </>
      ) : props.thinking !== null ? (
        <p className="thinking" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('decision.botThinking', { seat: t('app.seat', { n: props.thinking + 1 }), title: decisionTitle(ctx, decision) })}
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
      {mine ? <HintText ctx={ctx} view={view} decision={decision} hint={props.hint} describe={describe} /> : null}
    </section>
  );
}

function HintText({
  ctx,
  hint,
  describe,
}: {
  ctx: TextContext;
  view: GameView;
  decision: Decision;
  hint: HintState;
  describe: (move: Move) => string;
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
            ? t('decision.hintWithReason', { move: describe(hint.move), reason: hint.reason })
            : t('decision.hint', { move: describe(hint.move) })}
    </p>
  );
}
