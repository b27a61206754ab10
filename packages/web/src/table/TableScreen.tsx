/**
 * The table screen: a game table, not a form. A status bar says what to do; the cards are the
 * controls (rows, the heist being put together, your gang large, the opponents' boards compact
 * but readable); the log scrolls beside them. On a phone the same table is split into tabs
 * (table, opponents, log, and the chat online), and a decision opens the tab that holds its
 * cards. Between human seats a "pass the device" screen; once the game is over, the final score.
 */
import { cardsNamed, cardsOf, type Move, moveKey, playerAt, type Seat } from '@gangsta/engine';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { remainingHint } from '../game/derive.ts';
import { playerName } from '../game/players.ts';
import type { TextContext } from '../text/context.ts';
import { describeEvent, isSilent } from '../text/events.ts';
import { describeMove } from '../text/moves.ts';
import { Log } from './Log.tsx';
import { BannerView } from './motion/BannerView.tsx';
import { useMomentMotion } from './motion/momentMotion.ts';
import { finishAnimations } from './motion/reducedMotion.ts';
import { useSoundSetting } from './motion/SoundControl.tsx';
import { useFlip } from './motion/useFlip.ts';
import { useTableMoments } from './motion/useTableMoments.ts';
import { ScoreScreen } from './score/ScoreScreen.tsx';
import { TablePlayProvider } from './tablePlay.tsx';
import type { LastMove, TableSnapshot, TableSource } from './tableSource.ts';
import { type CardState, cardStates, hintNumbers } from './widgets/cardStates.ts';
import { decisionTabSwitch, PhoneTabs, type TableTab } from './widgets/PhoneTabs.tsx';
import { PlayerBoard } from './widgets/PlayerBoard.tsx';
import { Rows } from './widgets/Rows.tsx';
import { recapLine } from './widgets/recapText.ts';
import { hasStage, Stage } from './widgets/Stage.tsx';
import { StatusBar } from './widgets/StatusBar.tsx';
import { usePhone, useShowDecision } from './widgets/showDecision.ts';
import { TopLine } from './widgets/TopLine.tsx';
import { TurnSummary, useTurnSummary } from './widgets/TurnSummary.tsx';
import { recapMove } from './widgets/turnRecap.ts';
import { ZoomLayer } from './widgets/ZoomLayer.tsx';
import { ZoomProvider } from './widgets/zoom.tsx';

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

/**
 * The table screen fills the window: the page itself never scrolls at the table. On a phone the
 * log and chat tabs fill the window below the status bar too (`table-fill`).
 */
function useTableLayout(fill: boolean): void {
  useEffect(() => {
    document.documentElement.classList.add('at-table');
    return () => document.documentElement.classList.remove('at-table');
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('table-fill', fill);
    return () => document.documentElement.classList.remove('table-fill');
  }, [fill]);
}

/** The newest log line is in view whenever the log is shown (a hidden log cannot scroll). */
function useNewestLogLine(root: RefObject<HTMLElement | null>, tab: TableTab): void {
  useEffect(() => {
    if (tab !== 'log') return;
    const scroller = root.current?.querySelector('.log-scroll');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [root, tab]);
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

/**
 * A short line saying what another player just did and what it earned ("Oleg Krupin: Heist
 * Armored Van · +$3 · +1 IP"); a move with no outcome yet (a member added to a heist) in the
 * log's words. The log has the details.
 */
function lastMoveText(ctx: TextContext, snapshot: TableSnapshot): string | null {
  const last = snapshot.lastMove;
  if (!last?.byBot) return null;
  const outcome = recapLine(ctx, recapMove(snapshot.log, last.index, last.move.seat));
  if (outcome) return outcome;
  const entry = snapshot.log.find((e) => e.moveIndex === last.index && !isSilent(e.event));
  return entry ? describeEvent(ctx, entry.event) : null;
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

export interface TableScreenProps {
  source: TableSource;
  /**
   * The game menu above the table (local: export/abandon; online: leave, download record). On
   * a phone its buttons fold behind one menu button; notices in it stay in sight.
   */
  menu: (snapshot: TableSnapshot) => ReactNode;
  /** The table chat (online): beside the log on wide screens, a tab of its own on a phone. */
  chat?: ReactNode;
  /** The final score's actions (Review my game; online, the rematch), shown beside the score. */
  afterScore?: ReactNode;
}

export function TableScreen({ source, menu, chat, afterScore }: TableScreenProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  // The switch and its volume are in the app's menu (SoundControl).
  const soundOn = useSoundSetting().on;
  const [tab, setTab] = useState<TableTab>('table');
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  const root = useRef<HTMLDivElement>(null);
  const flash = useFlash(snapshot.lastMove);
  const moments = useTableMoments(snapshot, soundOn);
  const turnSummary = useTurnSummary(snapshot);
  const phone = usePhone();
  // Deciding: the viewer has legal moves and none is on its way to the server.
  const deciding = snapshot.legal.length > 0 && !snapshot.pending && snapshot.view !== null;
  useTableLayout(phone && (tab === 'log' || tab === 'chat'));
  useFlip(root, snapshot.moveCount, deciding, snapshot.over ? 'over' : snapshot.viewer);
  useMomentMotion(root, snapshot);
  const heistStage = snapshot.view !== null && hasStage(snapshot.view, snapshot.decision);
  useShowDecision(
    root,
    snapshot.legal.map(moveKey).join('|'),
    deciding,
    phone,
    tab,
    decisionTabSwitch(setTab, heistStage),
  );
  useNewestLogLine(root, tab);
  // The final score is drawn where the rows were: a phone shows that tab when the game ends.
  useEffect(() => {
    if (snapshot.over) setTab('table');
  }, [snapshot.over]);
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
            // Online the player's own seat is "you" (every seat is a person somewhere else).
            ...(source.mode === 'online' ? { you: snapshot.viewer } : {}),
          }
        : null,
    [t, view, snapshot.seats, snapshot.viewer, snapshot.players, source.mode],
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
  const hintedTarget =
    snapshot.hint.status === 'ready' && snapshot.hint.move.type === 'target'
      ? snapshot.hint.move.target
      : null;
  const boardProps = {
    view,
    players: snapshot.players,
    states,
    legal: snapshot.pending ? [] : snapshot.legal,
    flash,
    hint,
    activated,
    busy: snapshot.pending,
  };
  const opponentsActive = others.some(
    (s) => targets.has(s) || playerAt(view, s).gang.some((m) => states.get(m.id)?.kind === 'legal'),
  );
  // A card control outside the rivals' boards (rows, stage, your gang): the Table tab has one.
  const rivalCards = new Set(others.flatMap((s) => playerAt(view, s).gang.map((m) => m.id)));
  const tableActive = [...states].some(([id, s]) => s.kind === 'legal' && !rivalCards.has(id));
  const tabs: TableTab[] = chat
    ? ['table', 'opponents', 'log', 'chat']
    : ['table', 'opponents', 'log'];
  const activeTabs = new Set<TableTab>();
  if (opponentsActive) activeTabs.add('opponents');
  if (tableActive) activeTabs.add('table');
  return (
    <TablePlayProvider value={{ play, moveText }}>
      <ZoomProvider resetKey={snapshot.moveCount}>
        {/* A click anywhere skips the running animations and the banner. */}
        <div
          ref={root}
          className={`table-screen tab-${tab}${deciding ? ' is-deciding' : ''}`}
          data-testid="decision"
          // How many moves the game has had: tests wait for it to change after a key press.
          data-moves={snapshot.moveCount}
          onPointerDownCapture={() => {
            if (root.current) finishAnimations(root.current);
            moments.dismiss();
          }}
        >
          <div className="table-top">
            <TopLine view={view} />
            <div
              id={toolsId}
              className={`table-top__tools${toolsOpen ? ' is-open' : ''}`}
              data-testid="table-tools"
            >
              <ConnectionState connection={snapshot.connection} />
              {/* Phones only: the game's buttons fold behind this one (notices stay shown). */}
              <button
                type="button"
                className="secondary table-top__more"
                aria-expanded={toolsOpen}
                aria-controls={toolsId}
                aria-label={t('table.gameMenu')}
                title={t('table.gameMenu')}
                onClick={() => setToolsOpen(!toolsOpen)}
              >
                <span aria-hidden="true">⋯</span>
              </button>
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
            log={snapshot.log}
          />
          {/* A phone: the summary is a strip above the tabs, seen whichever tab is open. */}
          {phone && turnSummary.summary ? (
            <TurnSummary
              ctx={ctx}
              summary={turnSummary.summary}
              snapshot={snapshot}
              compact
              onDismiss={turnSummary.dismiss}
            />
          ) : null}
          <PhoneTabs tabs={tabs} tab={tab} onChange={setTab} active={activeTabs} />
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
                actions={afterScore}
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
                hint={hint}
              />
            ) : (
              <Rows
                view={view}
                states={states}
                legal={snapshot.pending ? [] : snapshot.legal}
                flash={flash}
                hint={hint}
              />
            )}
            {viewer !== null ? <PlayerBoard {...boardProps} seat={viewer} order={order} /> : null}
          </section>
          <aside className="table-side" aria-label={t('table.sideLabel')}>
            {!phone && turnSummary.summary ? (
              <TurnSummary
                ctx={ctx}
                summary={turnSummary.summary}
                snapshot={snapshot}
                compact={false}
                onDismiss={turnSummary.dismiss}
              />
            ) : null}
            <div className="opponents">
              {others.map((seat) => (
                <PlayerBoard
                  key={seat}
                  {...boardProps}
                  seat={seat}
                  compact
                  hintedTarget={hintedTarget === seat}
                />
              ))}
            </div>
            <Log ctx={ctx} entries={snapshot.log} />
            {chat ? <div className="table-chat">{chat}</div> : null}
          </aside>
          {/* Never over a card the viewer must click, nor over the final score: the status line
            and the turn summary say the same with the counts. */}
          <BannerView banner={deciding || snapshot.over ? null : moments.banner} />
          <ZoomLayer cards={view.cards} />
        </div>
      </ZoomProvider>
    </TablePlayProvider>
  );
}
