/**
 * The replay viewer (loaded on demand): a slider steps through a finished or imported game.
 * Once the game is over it can reveal what was hidden (deck order, resource choices), and
 * "review this move" asks the medium bot what it would have played in that position.
 * Players are named as at the table (the file's names, bots' own names with their level
 * badge); a file that names nobody shows "Player 1", "Player 2"….
 */
import { cardsOf, type GameRecord, type Move, moveKey } from '@gangsta/engine';
import { type ReactNode, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRecord } from '../../app/files.ts';
import type { ReviewFocus, Session } from '../../app/session.ts';
import { replayPlayers } from '../../game/players.ts';
import { botSeed, SEAT_KINDS, type SeatKind } from '../../game/seats.ts';
import { Log } from '../../table/Log.tsx';
import { type HiddenInfo, ReplayModel } from '../../table/replayModel.ts';
import { ScoreScreen } from '../../table/score/ScoreScreen.tsx';
import { Table, TableStatus } from '../../table/Table.tsx';
import { moveCardIds } from '../../table/TableScreen.tsx';
import type { TablePlayer } from '../../table/tableSource.ts';
import { type BotReason, describeBotReason } from '../../text/botReason.ts';
import type { TextContext } from '../../text/context.ts';
import { nameOf, seatLabel } from '../../text/context.ts';
import { describeMove } from '../../text/moves.ts';

/**
 * What the replay hands the game's review shown under the final score (app/ReplayScreen.tsx
 * puts the review there: the replay does not know the review feature).
 */
export interface ReplayReviewSlot {
  seats: SeatKind[];
  players: readonly TablePlayer[];
  /** Opens the replay before a reviewed decision, with the better move marked. */
  onShow: (decision: ReviewFocus['decision'], seat: number) => void;
}

type Review =
  | { status: 'idle' }
  | { status: 'thinking'; index: number }
  | { status: 'ready'; index: number; move: Move; reason?: BotReason | undefined; same: boolean }
  | { status: 'failed'; index: number };

function HiddenPanel({ ctx, hidden }: { ctx: TextContext; hidden: HiddenInfo }) {
  const { t } = ctx;
  const list = (ids: string[]) =>
    ids.length === 0 ? t('app.nothing') : ids.map((id) => nameOf(ctx, id)).join(', ');
  return (
    <section className="hidden-info" aria-labelledby="hidden-title">
      <h2 id="hidden-title">{t('replay.hiddenTitle')}</h2>
      <dl>
        <dt>{t('replay.heistDeck')}</dt>
        <dd className="hidden-value">{list(hidden.heistDeck)}</dd>
        <dt>{t('replay.gangsterDeck')}</dt>
        <dd className="hidden-value">{list(hidden.gangsterDeck)}</dd>
        <dt>{t('replay.resourceDeck')}</dt>
        <dd className="hidden-value">{list(hidden.resourceDeck)}</dd>
        <dt>{t('replay.unkept')}</dt>
        <dd className="hidden-value">{list(hidden.unkeptResources)}</dd>
        {hidden.players.map((p) => (
          <div key={p.seat}>
            <dt>{seatLabel(ctx, p.seat)}</dt>
            <dd className="hidden-value">
              {t('replay.playerHidden', {
                dealt: list(p.dealt),
                kept: list(p.kept),
                peek: list(p.peek.filter((id): id is string => typeof id === 'string')),
              })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ContinueGame({
  session,
  record,
  players,
  ctx,
}: {
  session: Session;
  record: GameRecord;
  players: readonly TablePlayer[];
  ctx: TextContext;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<SeatKind[]>(() => players.map((p) => p.kind));
  // A seat keeps its name while it keeps its kind; a bot made a person (or the other way)
  // takes the default, so no person plays on under a bot's name.
  const names = chosen.map((kind, seat) =>
    kind === players[seat]?.kind ? (players[seat]?.name ?? null) : null,
  );
  return (
    <fieldset className="continue-game">
      <legend>{t('replay.continueTitle')}</legend>
      {chosen.map((kind, seat) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
        <span key={seat} className="field">
          <label htmlFor={`${id}-${seat}`}>{seatLabel({ ...ctx, you: null }, seat)}</label>
          <select
            id={`${id}-${seat}`}
            value={kind}
            onChange={(e) => {
              const next = [...chosen];
              next[seat] = e.target.value as SeatKind;
              setChosen(next);
            }}
          >
            {SEAT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`newGame.seatKind.${k}`)}
              </option>
            ))}
          </select>
        </span>
      ))}
      <button
        type="button"
        className="primary"
        onClick={() => session.resume(record, chosen, names)}
      >
        {t('replay.continue')}
      </button>
    </fieldset>
  );
}

/** At a reviewed decision: what was played, the better move (marked on the table), and why. */
function ReviewNote({
  ctx,
  model,
  focus,
  onBack,
}: {
  ctx: TextContext;
  model: ReplayModel;
  focus: ReviewFocus;
  onBack: () => void;
}) {
  const { t } = ctx;
  const { decision } = focus;
  const position = model.positionBefore(decision.index);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  if (!position) return null;
  const seatCtx = { ...ctx, viewer: position.seat };
  const say = (move: Move) => describeMove(seatCtx, position.view, position.decision, move);
  return (
    <section
      ref={ref}
      className="review-note"
      aria-label={t('gameReview.noteTitle')}
      data-testid="review-note"
    >
      <p>
        {t('gameReview.notePlayed', {
          seat: seatLabel({ ...ctx, you: null }, position.seat),
          move: say(decision.played),
          chance: Math.round(decision.playedChance * 100),
        })}
      </p>
      <p className="review-better">
        {t('gameReview.noteBetter', {
          move: say(decision.best),
          chance: Math.round(decision.bestChance * 100),
        })}
      </p>
      <p>{t('gameReview.noteWhy', { reason: describeBotReason(seatCtx, decision.reason) })}</p>
      <button type="button" onClick={onBack}>
        {t('gameReview.backToList')}
      </button>
    </section>
  );
}

export default function ReplayViewer({
  session,
  record,
  players: given,
  focus,
  review: reviewPanel,
}: {
  session: Session;
  record: GameRecord;
  /** Who sat where; null when nobody is known (an older file): people, default names. */
  players: readonly TablePlayer[] | null;
  /** A reviewed decision: the replay opens before it, with the better move marked. */
  focus?: ReviewFocus | undefined;
  /** The game's review under the final score (a lazy component: drawn inside a Suspense). */
  review?: (slot: ReplayReviewSlot) => ReactNode;
}) {
  const { t } = useTranslation();
  const sliderId = useId();
  const model = useMemo(() => ReplayModel.build(record), [record]);
  const players = useMemo(
    () => given ?? replayPlayers(null, record.options.players),
    [given, record.options.players],
  );
  const seatKinds = useMemo(() => players.map((p) => p.kind), [players]);
  const [focused, setFocused] = useState<ReviewFocus | null>(focus ?? null);
  const [step, setStep] = useState(() =>
    model ? (focus ? Math.min(focus.decision.index, model.length) : model.length) : 0,
  );
  const [reveal, setReveal] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [review, setReview] = useState<Review>({ status: 'idle' });

  useEffect(() => {
    if (!playing || !model) return;
    if (step >= model.length) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((s) => Math.min(s + 1, model.length)), 500);
    return () => clearTimeout(timer);
  }, [playing, step, model]);

  if (!model) {
    return (
      <p className="error" role="alert">
        {t('replay.broken')}
      </p>
    );
  }
  const revealing = reveal && model.over;
  const view = model.viewAt(step, revealing);
  const ctx: TextContext = {
    t,
    cards: cardsOf(view.cards),
    seats: seatKinds,
    viewer: null,
    players,
  };
  const lastIndex = step - 1;
  const lastMove = lastIndex >= 0 ? record.moves[lastIndex] : null;
  const describeLast = () => {
    if (!lastMove) return t('replay.setup');
    const before = model.publicBefore(lastIndex);
    return t('replay.moveLine', {
      n: step,
      seat: seatLabel(ctx, lastMove.seat),
      move: describeMove(ctx, before.view, before.decision, lastMove),
    });
  };
  const go = (next: number) => {
    setStep(Math.max(0, Math.min(model.length, next)));
    setReview({ status: 'idle' });
  };
  const askReview = async () => {
    const position = model.positionBefore(lastIndex);
    if (!position) return;
    setReview({ status: 'thinking', index: lastIndex });
    try {
      const answer = await session
        .bots()
        .ask(
          'medium',
          botSeed(record.options.seed, position.seat, lastIndex),
          position.view,
          position.legal,
        );
      setReview({
        status: 'ready',
        index: lastIndex,
        move: answer.move,
        reason: answer.reason,
        same: moveKey(answer.move) === moveKey(position.played),
      });
    } catch {
      setReview({ status: 'failed', index: lastIndex });
    }
  };
  const reviewText = () => {
    if (review.status === 'idle' || review.index !== lastIndex) return null;
    if (review.status === 'thinking') return t('decision.hintThinking');
    if (review.status === 'failed') return t('decision.hintFailed');
    const position = model.positionBefore(lastIndex);
    if (!position) return null;
    const text = describeMove(
      { ...ctx, viewer: position.seat },
      position.view,
      position.decision,
      review.move,
    );
    const line = review.same
      ? t('replay.reviewSame', { move: text })
      : t('replay.reviewOther', { move: text });
    if (!review.reason) return line;
    const reason = describeBotReason({ ...ctx, viewer: position.seat }, review.reason);
    return `${line} ${t('replay.reviewReason', { reason })}`;
  };
  const hidden = revealing ? model.hiddenAt(step) : null;
  const flash = lastMove ? new Set(moveCardIds(lastMove)) : new Set<string>();
  // At a reviewed position the better move's cards glow, as a hint's do at the table.
  const atFocus = focused !== null && step === focused.decision.index;
  const better = atFocus ? new Set(moveCardIds(focused.decision.best)) : undefined;
  const showReview = (decision: ReviewFocus['decision'], seat: number) => {
    setFocused({ decision, seat });
    go(decision.index);
  };
  return (
    <div className="replay" data-testid="replay">
      <h2>{t('replay.title')}</h2>
      <div className="replay-controls">
        <label htmlFor={sliderId}>{t('replay.step', { step, total: model.length })}</label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={model.length}
          value={step}
          onChange={(e) => go(Number(e.target.value))}
          data-testid="replay-slider"
        />
        <div className="replay-buttons">
          <button type="button" onClick={() => go(0)} aria-label={t('replay.first')}>
            |◀
          </button>
          <button type="button" onClick={() => go(step - 1)} aria-label={t('replay.previous')}>
            ◀
          </button>
          <button type="button" onClick={() => setPlaying(!playing)}>
            {t(playing ? 'replay.pause' : 'replay.play')}
          </button>
          <button type="button" onClick={() => go(step + 1)} aria-label={t('replay.next')}>
            ▶
          </button>
          <button type="button" onClick={() => go(model.length)} aria-label={t('replay.last')}>
            ▶|
          </button>
        </div>
        <p className="replay-move" aria-live="polite">
          {describeLast()}
        </p>
        <div className="replay-options">
          <span className="check">
            <input
              type="checkbox"
              id={`${sliderId}-reveal`}
              checked={revealing}
              disabled={!model.over}
              onChange={(e) => setReveal(e.target.checked)}
            />
            <label htmlFor={`${sliderId}-reveal`}>{t('replay.reveal')}</label>
          </span>
          {!model.over ? <span className="help">{t('replay.revealOnlyOver')}</span> : null}
          {model.over && lastMove ? (
            <button
              type="button"
              onClick={() => void askReview()}
              disabled={review.status === 'thinking'}
            >
              {t('replay.review')}
            </button>
          ) : null}
          <button type="button" onClick={() => downloadRecord(record)}>
            {t('app.exportGame')}
          </button>
        </div>
        {reviewText() ? (
          <p className="hint" role="status">
            {reviewText()}
          </p>
        ) : null}
      </div>
      {atFocus ? (
        <ReviewNote
          key={focused.decision.index}
          ctx={ctx}
          model={model}
          focus={focused}
          onBack={() => go(model.length)}
        />
      ) : null}
      {!model.over ? (
        <ContinueGame session={session} record={record} players={players} ctx={ctx} />
      ) : null}
      <TableStatus view={view} />
      {step === model.length && view.result ? (
        <ScoreScreen
          ctx={ctx}
          result={view.result}
          seats={seatKinds}
          players={players}
          families={view.options.families}
          resources={view.options.resources}
        />
      ) : null}
      {step === model.length && model.over && reviewPanel ? (
        <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
          {reviewPanel({ seats: seatKinds, players, onShow: showReview })}
        </Suspense>
      ) : null}
      {hidden ? <HiddenPanel ctx={ctx} hidden={hidden} /> : null}
      <div className="table-and-log">
        <Table view={view} seats={seatKinds} players={players} flash={flash} hint={better} />
        <Log ctx={ctx} entries={model.logUntil(step, revealing)} live={false} />
      </div>
    </div>
  );
}
