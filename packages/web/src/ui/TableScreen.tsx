/**
 * The table screen: a game table, not a form. A status bar says what to do; the cards are the
 * controls (rows, the heist being put together, your gang large, the opponents' boards compact);
 * the log scrolls beside them. On a phone the same table is split into tabs. Between human
 * seats a "pass the device" screen; once the game is over, the final score.
 */
import { cardsNamed, cardsOf, type Move, type Seat } from '@gangsta/engine';
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameController } from '../game/controller.ts';
import { remainingHint } from '../game/derive.ts';
import { playerName } from '../game/players.ts';
import type { Session } from '../game/session.ts';
import { loadSoundOn, saveSoundOn } from '../game/storage.ts';
import type { LastMove, TableSnapshot, TableSource } from '../game/tableSource.ts';
import type { TextContext } from '../text/context.ts';
import { describeEvent, isSilent } from '../text/events.ts';
import { describeMove } from '../text/moves.ts';
import { downloadRecord } from './files.ts';
import { Log } from './Log.tsx';
import { BannerView } from './motion/BannerView.tsx';
import { finishAnimations } from './motion/reducedMotion.ts';
import { useFlip } from './motion/useFlip.ts';
import { useTableMoments } from './motion/useTableMoments.ts';
import { ScoreScreen } from './ScoreScreen.tsx';
import { TableStatus } from './Table.tsx';
import { type CardState, cardStates, hintNumbers } from './table/cardStates.ts';
import { PhoneTabs, type TableTab } from './table/PhoneTabs.tsx';
import { PlayerBoard } from './table/PlayerBoard.tsx';
import { Rows } from './table/Rows.tsx';
import { hasStage, Stage } from './table/Stage.tsx';
import { StatusBar } from './table/StatusBar.tsx';
import { ZoomLayer } from './table/ZoomLayer.tsx';
import { ZoomProvider } from './table/zoom.tsx';

/** Card ids a move acts on: they flash after another player's move and glow for a hint. */
export const moveCardIds = cardsNamed;

/** How many seats after `viewer` a seat plays. */
function after(seat: Seat, viewer: Seat | null, count: number): number {
  return (seat - (viewer ?? 0) + count) % count;
}

const NO_STATES: ReadonlyMap<string, CardState> = new Map();

/** Cards touched by another player's move stay highlighted for a moment. */
function useFlash(lastMove: LastMove | null): Set<string> {
  const [flash, setFlash] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!lastMove?.byBot) return;
    setFlash(new Set(moveCardIds(lastMove.move)));
    const timer = setTimeout(() => setFlash(new Set()), 1200);
    return () => clearTimeout(timer);
  }, [lastMove]);
  return flash;
}

/** The table screen fills the window: the page itself never scrolls at the table. */
function useTableLayout(): void {
  useEffect(() => {
    document.documentElement.classList.add('at-table');
    return () => document.documentElement.classList.remove('at-table');
  }, []);
}

function PassDevice({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section className="pass-device" aria-labelledby="pass-title" data-testid="pass-device">
      <h2 id="pass-title">{t('table.passDevice.title', { seat: name })}</h2>
      <p>{t('table.passDevice.text')}</p>
      <button ref={button} type="button" className="primary" onClick={onConfirm}>
        {t('table.passDevice.confirm', { seat: name })}
      </button>
    </section>
  );
}

/** A short line saying what another player just did (the log has the details). */
function lastMoveText(ctx: TextContext, snapshot: TableSnapshot): string | null {
  const last = snapshot.lastMove;
  if (!last?.byBot) return null;
  const entry = snapshot.log.find((e) => e.moveIndex === last.index && !isSilent(e.event));
  return entry ? describeEvent(ctx, entry.event) : null;
}

/** The local game's menu: export, replay once over, abandon. */
export function LocalGameMenu({
  session,
  controller,
  over,
}: {
  session: Session;
  controller: GameController;
  over: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <nav className="game-menu" aria-label={t('app.gameMenu')}>
      <button type="button" onClick={() => downloadRecord(controller.record())}>
        {t('app.exportGame')}
      </button>
      {over ? (
        <button
          type="button"
          onClick={() => session.openReplay(controller.record(), controller.seats)}
        >
          {t('app.watchReplay')}
        </button>
      ) : null}
      {confirming ? (
        <span className="confirm">
          {t('app.abandonConfirm')}{' '}
          <button type="button" className="danger" onClick={() => session.abandonGame()}>
            {t('app.yes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('app.no')}
          </button>
        </span>
      ) : (
        <button type="button" onClick={() => (over ? session.abandonGame() : setConfirming(true))}>
          {t(over ? 'app.newGame' : 'app.abandonGame')}
        </button>
      )}
    </nav>
  );
}

/** Online only: whether the server is reachable (nothing at a local table). */
function ConnectionState({ connection }: { connection: TableSnapshot['connection'] }) {
  const { t } = useTranslation();
  if (connection === null) return null;
  return (
    <span className={`connection connection--${connection}`} role="status">
      <span className="connection__dot" aria-hidden="true" />
      {t(`table.connection.${connection}`)}
    </span>
  );
}

function SoundToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="secondary sound-toggle"
      aria-pressed={on}
      onClick={() => onChange(!on)}
    >
      {t('table.sound')}
    </button>
  );
}

export interface TableScreenProps {
  source: TableSource;
  /** The game menu above the table (local: export/abandon; online: leave, download record). */
  menu: (snapshot: TableSnapshot) => ReactNode;
  /** Extra panels beside the log (online: the table chat). */
  side?: ReactNode;
  /** Shown under the final score (online: the rematch). */
  afterScore?: ReactNode;
}

export function TableScreen({ source, menu, side, afterScore }: TableScreenProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const [soundOn, setSoundOn] = useState(loadSoundOn);
  const [tab, setTab] = useState<TableTab>('table');
  const root = useRef<HTMLDivElement>(null);
  const flash = useFlash(snapshot.lastMove);
  const moments = useTableMoments(snapshot, soundOn);
  useTableLayout();
  useFlip(root, snapshot.moveCount);
  const view = snapshot.view;
  const ctx = useMemo<TextContext | null>(
    () =>
      view
        ? {
            t,
            cards: cardsOf(view.cards),
            seats: snapshot.seats,
            viewer: snapshot.viewer,
            players: snapshot.players,
          }
        : null,
    [t, view, snapshot.seats, snapshot.viewer, snapshot.players],
  );
  const states = useMemo(
    () =>
      view && !snapshot.pending
        ? cardStates(view, snapshot.decision, snapshot.legal, snapshot.coached)
        : NO_STATES,
    [view, snapshot.decision, snapshot.legal, snapshot.pending, snapshot.coached],
  );
  if (snapshot.passTo !== null || !view || !ctx) {
    const seat = snapshot.passTo ?? 0;
    return (
      <PassDevice
        name={playerName(t, snapshot.players[seat], seat)}
        onConfirm={() => source.confirmPass()}
      />
    );
  }
  const decision = snapshot.decision;
  const moveText = (move: Move) => describeMove(ctx, view, decision, move);
  const play = (move: Move) => {
    if (!snapshot.pending) source.play(move);
  };
  const hint =
    snapshot.hint.status === 'ready' ? new Set(moveCardIds(snapshot.hint.move)) : new Set<string>();
  const activated = new Set(view.heist?.activated.map((a) => a.member) ?? []);
  const mine = snapshot.legal.length > 0;
  const heistHintFor =
    decision.kind === 'activate' && mine
      ? remainingHint(view, decision.seat, decision.remaining)
      : { order: [], engaged: 0, feasible: false };
  const order = hintNumbers(heistHintFor.order);
  const viewer = snapshot.viewer;
  const others: Seat[] = view.players
    .map((p) => p.seat)
    .filter((s) => s !== viewer)
    // Opponents in playing order, starting after the viewer.
    .sort((a, b) => after(a, viewer, view.players.length) - after(b, viewer, view.players.length));
  const targets = new Set(snapshot.legal.flatMap((m) => (m.type === 'target' ? [m.target] : [])));
  const boardProps = {
    view,
    players: snapshot.players,
    states,
    legal: snapshot.pending ? [] : snapshot.legal,
    onPlay: play,
    moveText,
    flash,
    hint,
    activated,
    busy: snapshot.pending,
  };
  const opponentsActive = others.some(
    (s) => targets.has(s) || view.players[s].gang.some((m) => states.get(m.id)?.kind === 'legal'),
  );
  return (
    <ZoomProvider resetKey={snapshot.moveCount}>
      {/* A click anywhere skips the running animations and the banner. */}
      <div
        ref={root}
        className={`table-screen tab-${tab}`}
        data-testid="decision"
        onPointerDownCapture={() => {
          if (root.current) finishAnimations(root.current);
          moments.dismiss();
        }}
      >
        <div className="table-top">
          <TableStatus view={view} />
          <div className="table-top__tools">
            <ConnectionState connection={snapshot.connection} />
            <SoundToggle
              on={soundOn}
              onChange={(on) => {
                saveSoundOn(on);
                setSoundOn(on);
              }}
            />
            {menu(snapshot)}
          </div>
        </div>
        <StatusBar
          ctx={ctx}
          view={view}
          decision={decision}
          legal={snapshot.pending ? [] : snapshot.legal}
          players={snapshot.players}
          play={play}
          moveText={moveText}
          thinking={snapshot.thinking}
          canUndo={snapshot.canUndo}
          onUndo={() => source.undo()}
          hint={snapshot.hint}
          onHint={() => void source.requestHint()}
          error={snapshot.error}
          pending={snapshot.pending}
          lastMove={lastMoveText(ctx, snapshot)}
        />
        <PhoneTabs tab={tab} onChange={setTab} opponentsActive={opponentsActive} />
        {/* Focusable: on short windows this area scrolls, and keyboards must reach it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
        <section className="table-main" tabIndex={0} aria-label={t('table.mainArea')}>
          {snapshot.over && view.result ? (
            <ScoreScreen
              ctx={ctx}
              result={view.result}
              seats={snapshot.seats}
              families={view.options.families}
              resources={view.options.resources}
              focusOnShow
              players={snapshot.players}
              // Online spectators get no record (it is for the players): no chart, no wait.
              record={source.record() ?? (snapshot.viewer === null ? undefined : null)}
            />
          ) : hasStage(view, decision) ? (
            <Stage
              key={`${viewer}-${decision.kind}`}
              ctx={ctx}
              view={view}
              decision={decision}
              legal={snapshot.legal}
              play={play}
              hintOrder={heistHintFor.order}
              hintEngaged={heistHintFor.engaged}
              busy={snapshot.pending}
            />
          ) : (
            <Rows
              view={view}
              states={states}
              legal={snapshot.pending ? [] : snapshot.legal}
              onPlay={play}
              moveText={moveText}
              flash={flash}
              hint={hint}
            />
          )}
          {snapshot.over && view.result ? afterScore : null}
          {viewer !== null ? <PlayerBoard {...boardProps} seat={viewer} order={order} /> : null}
        </section>
        <aside className="table-side" aria-label={t('table.sideLabel')}>
          <div className="opponents">
            {others.map((seat) => (
              <PlayerBoard
                key={seat}
                {...boardProps}
                seat={seat}
                compact
                targeted={targets.has(seat)}
              />
            ))}
          </div>
          <Log ctx={ctx} entries={snapshot.log} />
          {side}
        </aside>
        <BannerView banner={moments.banner} />
        <ZoomLayer cards={view.cards} />
      </div>
    </ZoomProvider>
  );
}
