/**
 * The status bar: one line saying what to do now, and only the few controls that are not cards
 * (Pass +$N, Done, the High-tech icon, Undo, Hint). Everything else is played on the cards,
 * and an opponent to target on their board. After a move the focus comes back to the line, so
 * keyboard users keep their place.
 */
import { type Decision, type GameView, type Move, moveKey } from '@gangsta/engine';
import { type CSSProperties, useEffect, useRef } from 'react';
import { passIncome } from '../../game/derive.ts';
import { seatColour } from '../../game/players.ts';
import { describeBotReason } from '../../text/botReason.ts';
import type { TextContext } from '../../text/context.ts';
import { focusForInput } from '../focus.ts';
import type { HintState, LogEntry, TableError, TablePlayer } from '../tableSource.ts';
import { barMoves } from './cardStates.ts';
import { statusLine } from './statusLine.ts';

export interface StatusBarProps {
  ctx: TextContext;
  view: GameView;
  decision: Decision;
  legal: readonly Move[];
  players: readonly TablePlayer[];
  play: (move: Move) => void;
  moveText: (move: Move) => string;
  thinking: number | null;
  canUndo: boolean;
  onUndo: () => void;
  hint: HintState;
  onHint: () => void;
  error: TableError | null;
  /** A move awaits the server's answer (online). */
  pending?: boolean;
  /** What another player just did, in words. */
  lastMove?: string | null;
  /** The log, for the figures a line quotes (what a snitch took). */
  log?: readonly LogEntry[];
}

/** A bar button's label: short for Pass, the move's words otherwise. */
function barLabel(props: StatusBarProps, move: Move): string {
  const { t } = props.ctx;
  if (move.type === 'pass') {
    return t('table.passButton', {
      amount: t('app.money', { amount: passIncome(props.view, move.seat) }),
    });
  }
  return props.moveText(move);
}

function BarButton({ props, move }: { props: StatusBarProps; move: Move }) {
  const primary = move.type === 'pass' || move.type === 'done';
  // The hint (or the tutorial) points at this button.
  const hinted = props.hint.status === 'ready' && moveKey(props.hint.move) === moveKey(move);
  return (
    <button
      type="button"
      className={`bar-move${primary ? ' primary' : ' secondary'}${hinted ? ' hinted' : ''}`}
      data-move-type={move.type}
      title={move.type === 'pass' ? props.moveText(move) : undefined}
      disabled={props.pending}
      onClick={() => props.play(move)}
    >
      {barLabel(props, move)}
    </button>
  );
}

/** The hint asked for, in words; null when none was asked for. */
function hintText(props: StatusBarProps): string | null {
  const { t } = props.ctx;
  const { hint } = props;
  if (hint.status === 'idle') return null;
  return hint.status === 'thinking'
    ? t('decision.hintThinking')
    : hint.status === 'failed'
      ? t('decision.hintFailed')
      : hint.reason
        ? t('decision.hintWithReason', {
            move: props.moveText(hint.move),
            reason: describeBotReason(props.ctx, hint.reason),
          })
        : t('decision.hint', { move: props.moveText(hint.move) });
}

/**
 * One line under the question, its height always reserved (so nothing below it moves): the
 * hint once asked for, else what another player just did.
 */
function NoteLine({ props, mine }: { props: StatusBarProps; mine: boolean }) {
  const hint = mine ? hintText(props) : null;
  const text = hint ?? props.lastMove ?? null;
  return (
    <p
      className={`status-bar__note${hint ? ' status-bar__hint' : text ? ' status-bar__last' : ''}`}
      // A new line slides in; the same line is left alone.
      key={text ?? ''}
      role={hint ? 'status' : undefined}
      title={text ?? undefined}
      data-testid="status-note"
    >
      {text}
    </p>
  );
}

export function StatusBar(props: StatusBarProps) {
  const { ctx, view, decision, legal } = props;
  const { t } = ctx;
  const mine = legal.length > 0;
  const line = useRef<HTMLHeadingElement>(null);
  const movesKey = legal.map(moveKey).join('|');
  // After a move the clicked card is often gone and the focus with it: bring keyboard users
  // back to the new question instead of the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the legal moves change
  useEffect(() => {
    const active = document.activeElement;
    if (mine && (active === null || active === document.body)) focusForInput(line.current);
  }, [movesKey, mine]);
  const deciding =
    decision.kind === 'gameOver'
      ? null
      : decision.kind === 'keepResources'
        ? (decision.seats[0] ?? null)
        : decision.seat;
  const busy = props.pending || (!mine && props.thinking !== null);
  return (
    <section
      className={`status-bar${mine ? ' is-mine' : ''}${busy ? ' is-busy' : ''}`}
      aria-labelledby="decision-title"
      style={
        deciding !== null ? ({ '--seat-colour': seatColour(deciding) } as CSSProperties) : undefined
      }
    >
      <h2 id="decision-title" ref={line} tabIndex={-1} className="status-bar__line">
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {statusLine(ctx, {
          view,
          decision,
          players: props.players,
          mine,
          thinking: props.thinking,
          log: props.log,
        })}
      </h2>
      <div className="status-bar__tools">
        {mine
          ? barMoves(legal).map((move) => (
              <BarButton key={moveKey(move)} props={props} move={move} />
            ))
          : null}
        {props.canUndo ? (
          <button
            type="button"
            className="secondary"
            onClick={props.onUndo}
            disabled={props.pending}
          >
            {t('decision.undo')}
          </button>
        ) : null}
        {mine ? (
          <button
            type="button"
            className="secondary"
            onClick={props.onHint}
            disabled={props.hint.status === 'thinking' || props.pending}
          >
            {t('table.hintButton')}
          </button>
        ) : null}
      </div>
      <NoteLine props={props} mine={mine} />
      {props.error ? (
        <p className="error" role="alert">
          {t('decision.rejected', { message: props.error.message })}
        </p>
      ) : null}
    </section>
  );
}
