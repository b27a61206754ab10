// @vitest-environment jsdom
/**
 * "What just happened": the turn summary's model read from engine events (turnRecap.ts), its
 * words, the component and when it shows; the status bar's last-move line, the snitch and gang
 * war lines with their counts, hot-seat's "whose turn", and no false floating figures when the
 * seat at the screen changes.
 */
import {
  applyMove,
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  type GameEvent,
  type GameState,
  legalMoves,
  type Move,
  type PlayerView,
  pendingDecision,
  playerAt,
  viewFor,
} from '@gangsta/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { Deltas } from '../src/table/motion/Deltas.tsx';
import { TableScreen } from '../src/table/TableScreen.tsx';
import type { LogEntry, TableSnapshot, TableSource } from '../src/table/tableSource.ts';
import { collapseRepeats, recapLine } from '../src/table/widgets/recapText.ts';
import { statusLine } from '../src/table/widgets/statusLine.ts';
import { recapMove, recapTurns, turnSummary } from '../src/table/widgets/turnRecap.ts';
import type { TextContext } from '../src/text/context.ts';
import { decidingSeat, first, itemOf, playout, rng, statesByDecision } from './helpers.ts';
import { snapshotOf } from './tableFixture.tsx';

const cards = cardsOf(CLASSIC_CARDS);
/** The classic set's gangster and heist ids, by index. */
const G = (index: number) => itemOf(CLASSIC_CARDS.gangsters, index).id;
const H = (index: number) => itemOf(CLASSIC_CARDS.heists, index).id;
const BOSSES = CLASSIC_CARDS.bosses.slice(0, 3).map((b) => b.id);

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

/** A text context: seat 0 is "you" (Ann) against two bots. */
function ctxFor(viewer = 0, humans = 1): TextContext {
  return {
    t: i18n.t,
    cards,
    seats: [0, 1, 2].map((s) => (s < humans ? 'human' : 'medium')),
    viewer,
    players: ['Ann', 'Oleg', 'Rosa'].map((name, seat) => ({
      seat,
      kind: seat < humans ? 'human' : 'medium',
      name,
      connected: true,
    })),
  };
}

/** Log entries from events, each event its own move unless `move` says otherwise. */
function logOf(events: (GameEvent | [GameEvent, number])[]): LogEntry[] {
  return events.map((item, id) => {
    const [event, moveIndex] = Array.isArray(item) ? item : [item, id];
    return { id, moveIndex, event };
  });
}

const start: GameEvent = { type: 'gameStarted', firstPlayer: 0, bosses: BOSSES };

describe('the recap model, from engine events', () => {
  it('a rival heist with your member: partners, your member used, +$3 and +1 IP (R-HEIST-9, R-HEIST-10)', () => {
    const recap = first(
      recapTurns(
        logOf([
          { type: 'turnStarted', seat: 1, turn: 2, extra: false },
          { type: 'heistChosen', seat: 1, card: H(0), fromDeck: false, cost: 0 },
          { type: 'activated', seat: 1, member: G(1), owner: 1, remaining: ['S'] },
          { type: 'activated', seat: 1, member: G(0), owner: 0, remaining: [] },
          { type: 'heistCompleted', seat: 1, card: H(0), cooperative: true, participants: [1, 0] },
          { type: 'income', seat: 1, amount: 3, reason: 'heist' },
          { type: 'influence', seat: 1, amount: 1 },
          { type: 'income', seat: 0, amount: 1, reason: 'heist' },
          { type: 'turnEnded', seat: 1 },
        ]),
        [],
        3,
      ),
    );
    expect(recap.seat).toBe(1);
    expect(recap.actions).toEqual([{ kind: 'heist', card: H(0), partners: [0] }]);
    expect(recap.hits).toEqual([{ kind: 'borrowed', owner: 0, member: G(0) }]);
    expect(recap.cash).toEqual([1, 3, 0]);
    expect(recap.ip).toEqual([0, 1, 0]);
    const line = recapLine(ctxFor(), recap)?.replaceAll('\u00a0', ' ');
    expect(line).toBe(
      `Oleg: Heist ${i18n.t(`heists.${first(CLASSIC_CARDS.heists).kind}`)} with Ann (you) · Used your ${i18n.t(`gangsters.${G(0)}`)} · +$3 · +1 IP`,
    );
  });

  it('a snitch: who was spared, who paid, who paid all and lost a member (R-SNITCH-2)', () => {
    const recap = first(
      recapTurns(
        logOf([
          { type: 'turnStarted', seat: 2, turn: 3, extra: false },
          { type: 'passed', seat: 2 },
          { type: 'income', seat: 2, amount: 2, reason: 'pass' },
          { type: 'rowCardDiscarded', seat: 2, card: H(1), row: 'heist' },
          { type: 'snitchRevealed', card: 'snitch', value: 3, count: 1 },
          { type: 'snitchSpared', seat: 2 },
          { type: 'snitchPaid', seat: 0, amount: 1 },
          { type: 'snitchPaid', seat: 1, amount: 2 },
          { type: 'memberDiscarded', seat: 0, member: G(2), reason: 'snitch', toHospital: false },
        ]),
        [],
        3,
      ),
    );
    expect(recap.moments).toEqual([
      {
        kind: 'snitch',
        value: 3,
        outcomes: [
          { seat: 2, paid: 0, spared: true, discarded: null },
          { seat: 0, paid: 1, spared: false, discarded: G(2) },
          { seat: 1, paid: 2, spared: false, discarded: null },
        ],
      },
    ]);
    expect(recap.cash).toEqual([-1, -2, 2]);
    expect(recapLine(ctxFor(), recap)).toContain(
      `Snitch (value 3): Rosa safe, Ann (you) paid $1 and lost ${i18n.t(`gangsters.${G(2)}`)}, Oleg paid $2`,
    );
  });

  it('the gang war names every Mercenary count and who discarded what (R-CHAP-4)', () => {
    const recap = first(
      recapTurns(
        logOf([
          { type: 'turnStarted', seat: 1, turn: 9, extra: false },
          { type: 'recruited', seat: 1, card: G(3), cost: 4, fromDeck: false },
          { type: 'turnEnded', seat: 1 },
          { type: 'chapterEnding', chapter: 2, seat: 1, reason: 'gangSize' },
          { type: 'gangWar', mercenaries: [1, 3, 3], losers: [0, 1, 2] },
          { type: 'memberDiscarded', seat: 0, member: G(4), reason: 'gangWar', toHospital: false },
        ]),
        [],
        3,
      ),
    );
    const line = recapLine(ctxFor(), recap);
    expect(line).toContain(`Recruited ${i18n.t(`gangsters.${G(3)}`)} ($4)`);
    expect(line).toContain(
      `Gang war, Mercenaries: Ann (you) 1, Oleg 3, Rosa 3; discarding: Ann (you) (${i18n.t(`gangsters.${G(4)}`)}), Oleg, Rosa`,
    );
  });

  it('a theft from you reads as yours and costs you the amount', () => {
    const recap = first(
      recapTurns(
        logOf([
          { type: 'turnStarted', seat: 2, turn: 4, extra: false },
          { type: 'theft', seat: 2, target: 0, amount: 2 },
        ]),
        [],
        3,
      ),
    );
    expect(recap.cash).toEqual([-2, 0, 2]);
    expect(recapLine(ctxFor(), recap)).toBe('Rosa: Stole $2 from you · +$2');
  });

  it('the summary covers the others’ turns since yours ended, and your gang readied at the start of yours (R-MOB-1)', () => {
    const log = logOf([
      start,
      { type: 'turnStarted', seat: 0, turn: 1, extra: false },
      { type: 'passed', seat: 0 },
      { type: 'income', seat: 0, amount: 1, reason: 'pass' },
      { type: 'turnEnded', seat: 0 },
      { type: 'turnStarted', seat: 1, turn: 2, extra: false },
      { type: 'recruited', seat: 1, card: G(5), cost: 3, fromDeck: false },
      { type: 'turnEnded', seat: 1 },
      { type: 'turnStarted', seat: 2, turn: 3, extra: false },
      { type: 'passed', seat: 2 },
      { type: 'income', seat: 2, amount: 1, reason: 'pass' },
      { type: 'turnEnded', seat: 2 },
      { type: 'turnStarted', seat: 0, turn: 4, extra: false },
      { type: 'synchronized', seat: 0 },
    ]);
    const summary = turnSummary(log, 0);
    expect(summary?.turns.map((r) => r.seat)).toEqual([1, 2]);
    expect(summary && first(summary.turns).cash).toEqual([0, -3, 0]);
    expect(summary?.yours?.synchronized).toBe(true);
    // The others' part ends before the viewer's turn began: moves of theirs keep it the same.
    expect(summary?.upTo).toBe(11);
    // Seat 1's view: Rosa's turn, and Ann's now under way (her gang readied), since seat 1's ended.
    expect(turnSummary(log, 1)?.turns.map((r) => r.seat)).toEqual([2, 0]);
  });

  it('nothing to tell: no summary', () => {
    const log = logOf([start, { type: 'turnStarted', seat: 0, turn: 1, extra: false }]);
    expect(turnSummary(log, 0)).toBeNull();
  });

  it('the money and IP of every move add up to the engine’s, over whole random games', () => {
    for (const options of [
      { players: 3, seed: 5, resources: true, families: true },
      { players: 4, seed: 8 },
      { players: 2, seed: 3, resources: true, expertResources: true },
    ]) {
      const created = createGame(options);
      if (!created.ok) throw new Error(created.error.message);
      let state: GameState = created.state;
      const random = rng(options.seed * 7);
      const log: LogEntry[] = created.events.map((event, id) => ({ id, moveIndex: -1, event }));
      for (let index = 0; index < 3000 && pendingDecision(state).kind !== 'gameOver'; index++) {
        const legal = playableMoves(state);
        const move = itemOf(legal, Math.floor(random() * legal.length));
        const result = applyMove(state, move);
        if (!result.ok) throw new Error(result.error.message);
        for (const event of result.events) log.push({ id: log.length, moveIndex: index, event });
        const recap = recapMove(log, index, move.seat);
        // The next turn may begin inside the same move: its events are not the mover's.
        const all = recapTurns(
          log.filter((e) => e.moveIndex === index),
          log.filter((e) => e.moveIndex < index),
          state.players.length,
        );
        const after = result.state;
        const cash = state.players.map((p) => playerAt(after, p.seat).cash - p.cash);
        const ip = state.players.map((p) => playerAt(after, p.seat).heistIp - p.heistIp);
        const summed = (key: 'cash' | 'ip') =>
          state.players.map((_, s) => all.reduce((sum, r) => sum + itemOf(r[key], s), 0));
        expect(summed('cash'), `cash after move ${index}`).toEqual(cash);
        expect(summed('ip'), `IP after move ${index}`).toEqual(ip);
        expect(recap.seat).toBe(move.seat);
        state = result.state;
      }
    }
  });
});

/** Random legal moves, Bank shuffles included (they move cash). */
function playableMoves(state: GameState): Move[] {
  return legalMoves(state, decidingSeat(state));
}

describe('the recap in words', () => {
  it('a phrase repeated in a row is said once and counted', () => {
    expect(
      collapseRepeats(['Gave up Art Theft', 'Gave up Art Theft', 'Gave up Art Theft', 'Passed']),
    ).toEqual(['Gave up Art Theft ×3', 'Passed']);
    expect(collapseRepeats(['Passed', 'Gave up Art Theft', 'Passed'])).toEqual([
      'Passed',
      'Gave up Art Theft',
      'Passed',
    ]);
  });
});

describe('status line', () => {
  it('a snitch says why: the value, your Informants and the cash that fell short (R-SNITCH-2)', () => {
    const state = statesByDecision().get('snitchDiscard');
    expect(state, 'a snitch position is found').toBeDefined();
    if (!state) return;
    const decision = pendingDecision(state);
    if (decision.kind !== 'snitchDiscard') throw new Error('not a snitch');
    const view = viewFor(state, decision.seat);
    const line = statusLine(
      {
        ...ctxFor(decision.seat),
        cards: cardsOf(state.cards),
        seats: state.players.map(() => 'human'),
        players: undefined,
        you: decision.seat,
      },
      {
        view,
        decision,
        players: [],
        mine: true,
        thinking: null,
        log: logOf([{ type: 'snitchPaid', seat: decision.seat, amount: 2 }]),
      },
    );
    expect(line).toMatch(
      /^Discard a member: snitch of value \d; your Informants: \d, and your cash \(\$2\) did not cover the \$\d owed\.$/,
    );
  });

  it('the gang war says the Mercenary counts (R-CHAP-4)', () => {
    const state = statesByDecision().get('gangWarDiscard');
    expect(state, 'a gang war position is found').toBeDefined();
    if (!state) return;
    const decision = pendingDecision(state);
    if (decision.kind !== 'gangWarDiscard') throw new Error('not a gang war');
    const view = viewFor(state, decision.seat);
    const line = statusLine(
      {
        t: i18n.t,
        cards: cardsOf(state.cards),
        seats: state.players.map(() => 'human'),
        viewer: decision.seat,
        you: decision.seat,
      },
      { view, decision, players: [], mine: true, thinking: null },
    );
    expect(line).toMatch(/\(Mercenaries: (Player \d( \(you\))? \d(, )?)+\)/);
    const counts = /\(Mercenaries: ([^)]*(?:\(you\)[^)]*)?)\)/.exec(line)?.[1] ?? '';
    expect(counts.match(/Player \d/g)?.length, line).toBe(state.players.length);
  });

  it('hot-seat: the line says whose turn it is', () => {
    const state = statesByDecision().get('action');
    if (!state) throw new Error('no action position');
    const decision = pendingDecision(state);
    if (decision.kind !== 'action') throw new Error('not an action');
    const seats = state.players.map(() => 'human' as const);
    const players = seats.map((kind, seat) => ({ seat, kind, name: `P${seat}`, connected: true }));
    const line = statusLine(
      { t: i18n.t, cards: cardsOf(state.cards), seats, viewer: decision.seat, players },
      { view: viewFor(state, decision.seat), decision, players, mine: true, thinking: null },
    );
    expect(line).toBe(
      `P${decision.seat}’s turn. Choose an action: a highlighted heist or recruit, or pass.`,
    );
  });
});

describe('floating figures', () => {
  it('hot-seat: another seat on the "you" board is no change', () => {
    const created = createGame({ players: 2, seed: 1 });
    if (!created.ok) throw new Error(created.error.message);
    const a: PlayerView = { ...playerAt(viewFor(created.state, 0), 0), cash: 5, heistIp: 3 };
    const b: PlayerView = { ...playerAt(viewFor(created.state, 1), 1), cash: 3, heistIp: 2 };
    const { container, rerender } = render(<Deltas player={a} />);
    rerender(<Deltas player={b} />);
    expect(container.querySelectorAll('.delta')).toHaveLength(0);
    // The same seat's change still floats.
    rerender(<Deltas player={{ ...b, cash: 6 }} />);
    expect(container.querySelector('.delta')).toHaveTextContent('+$3');
  });
});

/** A table source whose snapshot the test replaces. */
function liveSource(first: TableSnapshot) {
  let snapshot = first;
  const listeners = new Set<() => void>();
  const source: TableSource = {
    mode: 'local',
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    play: () => true,
    undo: () => false,
    confirmPass: () => {},
    clearError: () => {},
    requestHint: async () => {},
    record: () => null,
  };
  const set = (next: TableSnapshot) => {
    snapshot = next;
    act(() => {
      for (const listener of listeners) listener();
    });
  };
  return { source, set };
}

describe('the turn summary on the table', () => {
  /** A 3-seat game at seat 0's first action, the bots' turns before it in the log. */
  function position() {
    let found: GameState | null = null;
    playout({ players: 3, seed: 11 }, 5, (state) => {
      const decision = pendingDecision(state);
      if (!found && decision.kind === 'action' && decision.seat === 0 && state.moveCount > 3) {
        found = state;
      }
    });
    if (!found) throw new Error('no position');
    return found as GameState;
  }

  function snapshotWithLog(state: GameState, log: LogEntry[], lastMove: TableSnapshot['lastMove']) {
    return {
      ...snapshotOf(state, {
        viewer: 0,
        seats: ['human', 'medium', 'medium'],
        names: ['Ann', 'Oleg', 'Rosa'],
      }),
      log,
      lastMove,
    };
  }

  const log = logOf([
    start,
    { type: 'turnStarted', seat: 0, turn: 1, extra: false },
    { type: 'passed', seat: 0 },
    { type: 'turnEnded', seat: 0 },
    [{ type: 'turnStarted', seat: 1, turn: 2, extra: false }, 3],
    { type: 'theft', seat: 1, target: 0, amount: 2 },
    { type: 'turnEnded', seat: 1 },
    [{ type: 'turnStarted', seat: 2, turn: 3, extra: false }, 6],
    { type: 'passed', seat: 2 },
    [{ type: 'income', seat: 2, amount: 2, reason: 'pass' }, 8],
    [{ type: 'turnEnded', seat: 2 }, 8],
    [{ type: 'turnStarted', seat: 0, turn: 4, extra: false }, 8],
  ]);
  const botMove: Move = { type: 'pass', seat: 2 };

  it('shows each rival’s turn when yours comes back, what it cost you, and closes with its button', () => {
    const state = position();
    const { source } = liveSource(
      snapshotWithLog(state, log, { index: 8, move: botMove, byBot: true }),
    );
    render(<TableScreen source={source} menu={() => null} />);
    const summary = screen.getByTestId('turn-summary');
    expect(
      within(summary).getByRole('heading', { name: 'Since your last turn' }),
    ).toBeInTheDocument();
    const rows = within(summary).getAllByTestId('recap');
    expect(rows.map((r) => r.dataset.seat)).toEqual(['1', '2']);
    expect(rows[0]).toHaveTextContent('Oleg');
    expect(rows[0]).toHaveTextContent('Stole $2 from you');
    expect(rows[0]).toHaveTextContent('You: −$2');
    expect(rows[1]).toHaveTextContent('Passed');
    expect(rows[1]).toHaveTextContent('+$2');
    // The status bar's line is the outcome of the last move, not a fragment of it.
    expect(screen.getByTestId('status-note')).toHaveTextContent('Rosa: Passed · +$2');
    fireEvent.click(
      within(summary).getByRole('button', { name: 'Close the summary of the other turns' }),
    );
    expect(screen.queryByTestId('turn-summary')).not.toBeInTheDocument();
  });

  it('your first move closes it', () => {
    const state = position();
    const { source, set } = liveSource(
      snapshotWithLog(state, log, { index: 8, move: botMove, byBot: true }),
    );
    render(<TableScreen source={source} menu={() => null} />);
    expect(screen.getByTestId('turn-summary')).toBeInTheDocument();
    // Seat 0 readies a member: still seat 0's decision, one more move in the game.
    const after = [
      ...log,
      { id: log.length, moveIndex: 11, event: { type: 'bank', seat: 0, amount: 0 } } as LogEntry,
    ];
    set({
      ...snapshotWithLog(state, after, {
        index: 11,
        move: { type: 'pass', seat: 0 },
        byBot: false,
      }),
      moveCount: state.moveCount + 1,
    });
    expect(screen.queryByTestId('turn-summary')).not.toBeInTheDocument();
  });

  it('no banner over the table while you decide', () => {
    const state = position();
    const warLog = [
      ...log,
      {
        id: log.length,
        moveIndex: 10,
        event: { type: 'gangWar', mercenaries: [0, 2, 1], losers: [0, 2] },
      } as LogEntry,
    ];
    const { source, set } = liveSource(snapshotWithLog(state, log, null));
    render(<TableScreen source={source} menu={() => null} />);
    set(snapshotWithLog(state, warLog, { index: 10, move: botMove, byBot: true }));
    expect(screen.queryByTestId('table-banner')).not.toBeInTheDocument();
    // Watching (no decision of yours), the banner shows.
    set({
      ...snapshotWithLog(state, warLog, { index: 11, move: botMove, byBot: true }),
      legal: [],
    });
    set({
      ...snapshotWithLog(
        state,
        [
          ...warLog,
          {
            id: warLog.length,
            moveIndex: 12,
            event: { type: 'gangWar', mercenaries: [0, 2, 1], losers: [0, 2] },
          } as LogEntry,
        ],
        { index: 12, move: botMove, byBot: true },
      ),
      legal: [],
    });
    expect(screen.getByTestId('table-banner')).toHaveTextContent('Gang war!');
  });

  it('no banner over the final score', () => {
    const state = position();
    const { source, set } = liveSource({ ...snapshotWithLog(state, log, null), legal: [] });
    render(<TableScreen source={source} menu={() => null} />);
    const snitch = {
      id: log.length,
      moveIndex: 20,
      event: { type: 'snitchRevealed', card: 'snitch', value: 3, count: 3 },
    } as LogEntry;
    set({
      ...snapshotWithLog(state, [...log, snitch], { index: 20, move: botMove, byBot: true }),
      legal: [],
      over: true,
    });
    expect(screen.queryByTestId('table-banner')).not.toBeInTheDocument();
  });
});
