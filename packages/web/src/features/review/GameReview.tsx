/**
 * "Review my game" (loaded on demand, under the final score and in the replay of a finished
 * game): the hard bot's search replays the game from one seat's views (in the bot worker, with
 * progress and a cancel button) and estimates, for each of that seat's decisions, the win
 * chance after the move played and after the move it likes best. The costliest decisions are
 * listed: what you did, what was better, the win chance it cost, and why in the heuristic's
 * words; "Show on the table" opens the replay at that position with the better move marked.
 */
import type { GameReview as Review, ReviewedDecision } from '@gangsta/bots';
import { cardsOf, type GameRecord, type Seat } from '@gangsta/engine';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotClient, ReviewJob } from '../../bots/botClient.ts';
import { lossMargin } from '../../bots/reviewNoise.ts';
import { humanSeats, type SeatKind } from '../../game/seats.ts';
import { ReplayModel } from '../../table/replayModel.ts';
import type { TablePlayer } from '../../table/tableSource.ts';
import { describeBotReason } from '../../text/botReason.ts';
import { seatLabel, type TextContext } from '../../text/context.ts';
import { describeMove } from '../../text/moves.ts';
import './review.css';

export interface GameReviewProps {
  /** The bot worker (started on demand). */
  bots: () => BotClient;
  record: GameRecord;
  seats: readonly SeatKind[];
  players?: readonly TablePlayer[] | undefined;
  /** Simulations per decision; the bots' default when absent. */
  iterations?: number | undefined;
  /** Opens the table at the position of a decision, its better move marked. */
  onShow: (decision: ReviewedDecision, seat: Seat) => void;
}

type State =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; review: Review }
  | { status: 'failed' };

/** Reviews finished for this page's life, so coming back from the table finds them. */
const finished = new Map<string, Review>();

function reviewKey(record: GameRecord, seat: Seat, iterations: number | undefined): string {
  return `${seat}|${iterations ?? '-'}|${JSON.stringify(record.options)}|${JSON.stringify(record.moves)}`;
}

/** A percentage of a 0..1 chance. */
const percent = (chance: number) => Math.round(chance * 100);

function DecisionItem({
  ctx,
  model,
  decision,
  onShow,
}: {
  ctx: TextContext;
  model: ReplayModel;
  decision: ReviewedDecision;
  onShow: () => void;
}) {
  const { t } = ctx;
  const position = model.positionBefore(decision.index);
  if (!position) return null;
  const seatCtx = { ...ctx, viewer: position.seat };
  const say = (move: typeof decision.played) =>
    describeMove(seatCtx, position.view, position.decision, move);
  const lost = percent(decision.bestChance) - percent(decision.playedChance);
  return (
    <li className="review-item" data-testid="review-decision" data-index={decision.index}>
      <p className="review-when">
        {t('gameReview.when', { turn: decision.turn, chapter: decision.chapter })}
        <span className="review-loss">{t('gameReview.lost', { count: lost })}</span>
      </p>
      <dl className="review-moves">
        <dt>{t('gameReview.played')}</dt>
        <dd>{say(decision.played)}</dd>
        <dt>{t('gameReview.better')}</dt>
        <dd className="review-better">{say(decision.best)}</dd>
        <dt>{t('gameReview.chances')}</dt>
        <dd>
          {t('gameReview.chanceLine', {
            played: percent(decision.playedChance),
            best: percent(decision.bestChance),
            // How sure: the loss is beyond this margin, or the decision would not be listed.
            margin: percent(lossMargin(decision)),
          })}
        </dd>
        <dt>{t('gameReview.why')}</dt>
        <dd>{describeBotReason(seatCtx, decision.reason)}</dd>
      </dl>
      <button type="button" onClick={onShow}>
        {t('gameReview.show')}
      </button>
    </li>
  );
}

export default function GameReview({
  bots,
  record,
  seats,
  players,
  iterations,
  onShow,
}: GameReviewProps) {
  const { t } = useTranslation();
  const id = useId();
  const humans = humanSeats(seats);
  const [seat, setSeat] = useState<Seat>(humans[0] ?? 0);
  const key = reviewKey(record, seat, iterations);
  const [state, setState] = useState<State>(() => {
    const known = finished.get(key);
    return known ? { status: 'done', review: known } : { status: 'idle' };
  });
  const job = useRef<ReviewJob | null>(null);
  const model = useMemo(() => ReplayModel.build(record), [record]);
  // Leaving the screen stops a review under way.
  useEffect(() => () => job.current?.cancel(), []);

  if (!model) return null;
  const ctx: TextContext = {
    t,
    cards: cardsOf(model.viewAt(0, false).cards),
    seats,
    viewer: seat,
    players,
  };

  const start = async () => {
    const client = bots();
    if (!client.review) return;
    setState({ status: 'running', done: 0, total: 0 });
    const running = client.review({
      record,
      seat,
      ...(iterations === undefined ? {} : { iterations }),
      onProgress: (done, total) => setState({ status: 'running', done, total }),
    });
    job.current = running;
    try {
      const review = await running.result;
      if (job.current !== running) return;
      job.current = null;
      if (!review) {
        setState({ status: 'idle' });
        return;
      }
      finished.set(key, review);
      setState({ status: 'done', review });
    } catch {
      job.current = null;
      setState({ status: 'failed' });
    }
  };
  const cancel = () => {
    job.current?.cancel();
    job.current = null;
    setState({ status: 'idle' });
  };
  const chooseSeat = (next: Seat) => {
    setSeat(next);
    const known = finished.get(reviewKey(record, next, iterations));
    setState(known ? { status: 'done', review: known } : { status: 'idle' });
  };

  return (
    <section className="game-review" aria-labelledby={`${id}-title`} data-testid="game-review">
      <h2 id={`${id}-title`}>{t('gameReview.title')}</h2>
      <p className="help">{t('gameReview.intro')}</p>
      {humans.length !== 1 ? (
        <span className="field">
          <label htmlFor={`${id}-seat`}>{t('gameReview.seat')}</label>
          <select
            id={`${id}-seat`}
            value={seat}
            disabled={state.status === 'running'}
            onChange={(e) => chooseSeat(Number(e.target.value))}
          >
            {seats.map((_, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <option key={s} value={s}>
                {seatLabel({ ...ctx, viewer: null }, s)}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {state.status === 'idle' || state.status === 'failed' ? (
        <p>
          <button type="button" className="primary" onClick={() => void start()}>
            {t('gameReview.start')}
          </button>
          {state.status === 'failed' ? (
            <span className="error" role="alert">
              {' '}
              {t('gameReview.failed')}
            </span>
          ) : null}
        </p>
      ) : null}
      {state.status === 'running' ? (
        <div className="review-progress" role="status">
          <label htmlFor={`${id}-progress`}>
            {state.total > 0
              ? t('gameReview.progress', { done: state.done, total: state.total })
              : t('gameReview.starting')}
          </label>
          <progress id={`${id}-progress`} max={Math.max(1, state.total)} value={state.done} />
          <button type="button" onClick={cancel}>
            {t('gameReview.cancel')}
          </button>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <div className="review-result">
          <p role="status">
            {state.review.costliest.length === 0
              ? t('gameReview.none', { count: state.review.decisions.length })
              : t('gameReview.summary', {
                  count: state.review.decisions.length,
                  shown: state.review.costliest.length,
                })}
          </p>
          {state.review.costliest.length > 0 ? (
            <ol className="review-list">
              {state.review.costliest.map((decision) => (
                <DecisionItem
                  key={decision.index}
                  ctx={ctx}
                  model={model}
                  decision={decision}
                  onShow={() => onShow(decision, state.review.seat)}
                />
              ))}
            </ol>
          ) : null}
          <p className="help">{t('gameReview.estimate', { count: state.review.iterations })}</p>
        </div>
      ) : null}
    </section>
  );
}
