// @vitest-environment jsdom
/**
 * The score screen: each player's IP and money over a game, read from its record (one point per
 * turn, the final score last); who won and why after a tie (R-END-4); the breakdown in the
 * players' names, best first; and the chart with its accessible data table, once the record is
 * there.
 */
import {
  applyMove,
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  type GameOptionsInput,
  type GameRecord,
  type GameResult,
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
  type ScoreBreakdown,
} from '@gangsta/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { outcomeOf, ranking } from '../src/table/score/outcome.ts';
import { ScoreScreen } from '../src/table/score/ScoreScreen.tsx';
import { runningIp, scoreSeries } from '../src/table/score/series.ts';
import type { TablePlayer } from '../src/table/tableSource.ts';
import type { TextContext } from '../src/text/context.ts';
import { decidingSeat, first, itemOf, rng } from './helpers.ts';

/** A complete seeded game of random moves, as a record, with the states it went through. */
function playedGame(options: GameOptionsInput, moveSeed: number) {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const states = [state];
  const moves: Move[] = [];
  let turnsEnded = 0;
  const random = rng(moveSeed);
  while (pendingDecision(state).kind !== 'gameOver') {
    const legal = legalMoves(state, decidingSeat(state));
    const useful = legal.filter((m) => m.type !== 'bank' && m.type !== 'abandonHeist');
    const pool = useful.length > 0 ? useful : legal;
    const move = itemOf(pool, Math.floor(random() * pool.length));
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    moves.push(move);
    if (result.events.some((e) => e.type === 'turnEnded')) {
      turnsEnded++;
      states.push(state);
    }
  }
  const record: GameRecord = {
    format: 'gangsta-game',
    version: 1,
    options: created.state.options,
    moves,
  };
  return { record, final: state, turnStates: states, turnsEnded };
}

describe('IP and money over the game', () => {
  for (const options of [
    { players: 2, seed: 5 },
    { players: 4, seed: 9, resources: true, families: true },
  ] satisfies GameOptionsInput[]) {
    it(`reads one point per turn from the record (${options.players} players)`, () => {
      const game = playedGame(options, 17);
      const series = scoreSeries(game.record);
      if (!series.ok) throw new Error(series.error.message);
      const { points } = series;
      expect(first(points).label).toEqual({ kind: 'start' });
      expect(points.at(-1)?.label).toEqual({ kind: 'end' });
      // start + one point per turn + the end.
      expect(points).toHaveLength(game.turnsEnded + 2);
      expect(points.slice(1, -1).map((p) => p.label)).toEqual(
        Array.from({ length: game.turnsEnded }, (_, i) => ({ kind: 'turn', turn: i + 1 })),
      );
      // Each turn's point is the state after that turn, read independently of the replay.
      game.turnStates.forEach((state, i) => {
        expect(itemOf(points, i).money).toEqual(state.players.map((p) => p.cash + p.bank));
        expect(itemOf(points, i).ip).toEqual(runningIp(state));
      });
      // The last point is the final score, bonuses included.
      const result = game.final.result as GameResult;
      expect(points.at(-1)?.ip).toEqual(result.scores.map((s) => s.total));
      expect(points.every((p) => p.ip.length === options.players)).toBe(true);
    });
  }

  it('counts heist IP, members and active resources so far, and the end bonuses only at the end', () => {
    const game = playedGame({ players: 3, seed: 3, resources: true }, 5);
    for (const state of game.turnStates) {
      const cards = cardsOf(state.cards);
      const expected = state.players.map((p) => {
        const active = p.resources.filter((r) => r.active).map((r) => cards.resource(r.id));
        const media = active.find((card) => card.effect === 'media');
        const ipHeists = p.pile.filter((id) =>
          cards.heist(id).rewardA.some((reward) => reward.kind === 'influence'),
        ).length;
        return (
          p.heistIp +
          p.gang.reduce((sum, m) => sum + cards.memberIp(m.id), 0) +
          active.reduce((sum, card) => sum + card.ip, 0) +
          (media ? Math.min(ipHeists, media.amount ?? 7) : 0)
        );
      });
      expect(runningIp(state)).toEqual(expected);
    }
    const result = game.final.result as GameResult;
    const bonuses = result.scores.map((s) => s.richest + s.largestGang + s.families);
    expect(runningIp(game.final).map((ip, seat) => ip + itemOf(bonuses, seat))).toEqual(
      result.scores.map((s) => s.total),
    );
    expect(bonuses.some((b) => b > 0)).toBe(true);
  });

  it('names the move that does not replay in a damaged record', () => {
    const game = playedGame({ players: 2, seed: 5 }, 17);
    const moves = [...game.record.moves];
    moves[3] = { type: 'pass', seat: 5 };
    const series = scoreSeries({ ...game.record, moves });
    expect(series.ok).toBe(false);
    if (series.ok) return;
    expect(series.index).toBe(3);
    expect(series.error.code).toBeTruthy();
  });

  it('has no end point for a game that is not over', () => {
    const game = playedGame({ players: 2, seed: 5 }, 17);
    const series = scoreSeries({ ...game.record, moves: game.record.moves.slice(0, 20) });
    if (!series.ok) throw new Error(series.error.message);
    expect(series.points.some((p) => p.label.kind === 'end')).toBe(false);
  });
});

function score(seat: number, total: number, gangSize: number): ScoreBreakdown {
  return {
    seat,
    heists: total,
    members: 0,
    resources: 0,
    media: 0,
    richest: 0,
    largestGang: 0,
    families: 0,
    total,
    gangSize,
  };
}

describe('the winner and the ties (R-END-4)', () => {
  it('a clear win', () => {
    const result: GameResult = {
      scores: [score(0, 20, 6), score(1, 25, 5)],
      winners: [1],
      reason: 'gangSize',
    };
    expect(outcomeOf(result)).toEqual({ kind: 'clear', winner: 1 });
    expect(ranking(result.scores).map((r) => [r.score.seat, r.rank])).toEqual([
      [1, 1],
      [0, 2],
    ]);
  });

  it('a tie on IP broken by the larger gang', () => {
    const result: GameResult = {
      scores: [score(0, 22, 6), score(1, 22, 8), score(2, 22, 7), score(3, 10, 9)],
      winners: [1],
      reason: 'gangSize',
    };
    expect(outcomeOf(result)).toEqual({
      kind: 'gangSize',
      winner: 1,
      tied: [0, 2],
      total: 22,
      size: 8,
    });
    expect(ranking(result.scores).map((r) => [r.score.seat, r.rank])).toEqual([
      [1, 1],
      [2, 2],
      [0, 3],
      [3, 4],
    ]);
  });

  it('a shared victory: tied on IP and gang size', () => {
    const result: GameResult = {
      scores: [score(0, 18, 7), score(1, 18, 7), score(2, 15, 9)],
      winners: [0, 1],
      reason: 'snitches',
    };
    expect(outcomeOf(result)).toEqual({ kind: 'shared', winners: [0, 1], total: 18, size: 7 });
    expect(ranking(result.scores).map((r) => [r.score.seat, r.rank])).toEqual([
      [0, 1],
      [1, 1],
      [2, 3],
    ]);
  });
});

describe('the score screen', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    // jsdom draws nothing: the chart's canvas gets no context, the data table still renders.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(cleanup);

  const players: TablePlayer[] = [
    { seat: 0, kind: 'human', name: 'Ana', connected: true },
    { seat: 1, kind: 'easy', name: null, connected: true },
  ];

  function show(result: GameResult, record?: GameRecord | null) {
    const ctx: TextContext = {
      t: i18n.t,
      cards: cardsOf(CLASSIC_CARDS),
      seats: ['human', 'easy'],
      viewer: 0,
    };
    render(
      <ScoreScreen
        ctx={ctx}
        result={result}
        seats={['human', 'easy']}
        families={false}
        resources={false}
        players={players}
        record={record}
      />,
    );
    return screen.getByTestId('score');
  }

  it('names the players, best first, and marks the winner in words as well as colour', () => {
    const panel = show({
      scores: [score(0, 20, 6), score(1, 25, 5)],
      winners: [1],
      reason: 'gangSize',
    });
    expect(panel).toHaveTextContent('Player 2 (bot, easy) wins!');
    const headers = within(panel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Category', '1. Player 2 (bot, easy)Winner', '2. Ana (you)']);
    expect(within(panel).queryByTestId('score-chart')).toBeNull();
  });

  it('explains a tie broken by gang size', () => {
    const panel = show({
      scores: [score(0, 22, 8), score(1, 22, 6)],
      winners: [0],
      reason: 'gangSize',
    });
    expect(panel).toHaveTextContent(
      'Ana (you) and Player 2 (bot, easy) tied on 22 IP; the larger gang breaks the tie: Ana (you) wins with 8 members.',
    );
  });

  it('explains a shared victory', () => {
    const panel = show({
      scores: [score(0, 18, 7), score(1, 18, 7)],
      winners: [0, 1],
      reason: 'snitches',
    });
    expect(panel).toHaveTextContent('Shared victory: Ana (you), Player 2 (bot, easy)');
    expect(panel).toHaveTextContent(
      'Tied on IP (18) and on gang size (7 members): the victory is shared.',
    );
  });

  it('says under each row what it counts, and that a row is 0 for everyone', () => {
    const panel = show({
      scores: [
        { ...score(0, 20, 6), heists: 18, richest: 2 },
        { ...score(1, 25, 5), heists: 25 },
      ],
      winners: [1],
      reason: 'gangSize',
    });
    const rows = within(panel).getAllByRole('rowheader');
    const text = (name: string) =>
      rows.find((row) => row.textContent?.startsWith(name))?.textContent ?? '';
    expect(text('Richest')).toContain('2 IP for the most money at the end');
    expect(text('Richest')).not.toContain('0 for everyone');
    // Nobody has a member's IP here: the row says so instead of showing bare zeros.
    expect(text('Gang members')).toContain('IP printed on the Boss and gangsters');
    expect(text('Gang members')).toContain('0 for everyone this game.');
    expect(text('Largest gang')).toContain('0 for everyone this game.');
    expect(text('Total IP')).toContain('the most IP wins');
    expect(text('Heists and rewards')).not.toContain('0 for everyone');
  });

  it('says the chart will follow while the record is on its way', () => {
    const panel = show(
      { scores: [score(0, 20, 6), score(1, 25, 5)], winners: [1], reason: 'gangSize' },
      null,
    );
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'The chart will appear once the game record has arrived.',
    );
  });

  it('draws the chart from the record, with its numbers in a table and an IP / money switch', async () => {
    const game = playedGame({ players: 2, seed: 5 }, 17);
    const result = game.final.result as GameResult;
    show(result, game.record);
    const chart = await screen.findByTestId('score-chart', {}, { timeout: 10_000 });
    expect(chart).toHaveAttribute('data-measure', 'ip');
    const data = within(chart).getByTestId('score-chart-data');
    const rows = within(data).getAllByRole('row');
    // The header, the start, one row per turn and the end.
    expect(rows).toHaveLength(1 + game.turnsEnded + 2);
    const last = within(rows.at(-1) as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(last).toEqual(result.scores.map((s) => String(s.total)));
    expect(within(chart).getByRole('img')).toHaveAccessibleName(/Influence \(IP\)/);
    await act(async () => {
      fireEvent.click(within(chart).getByRole('button', { name: 'Money' }));
    });
    expect(chart).toHaveAttribute('data-measure', 'money');
    const moneyRows = within(within(chart).getByTestId('score-chart-data')).getAllByRole('row');
    const finalMoney = game.final.players.map((p) => String(p.cash + p.bank));
    expect(
      within(moneyRows.at(-1) as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(finalMoney);
    expect(within(chart).getByRole('button', { name: 'Money' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('the score screen’s layout', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** Four players; the viewer (seat 2) comes last, as in the game. */
  const result: GameResult = {
    scores: [score(0, 23, 6), score(1, 19, 5), score(2, 13, 4), score(3, 17, 7)],
    winners: [0],
    reason: 'snitches',
  };
  const seats = ['easy', 'medium', 'human', 'hard'] as const;
  const players: TablePlayer[] = [
    { seat: 0, kind: 'easy', name: 'Nadia Orlova', connected: true },
    { seat: 1, kind: 'medium', name: 'Mei Chow', connected: true },
    { seat: 2, kind: 'human', name: 'Ana', connected: true },
    { seat: 3, kind: 'hard', name: 'Chuy Benavides', connected: true },
  ];

  function show() {
    const ctx: TextContext = { t: i18n.t, cards: cardsOf(CLASSIC_CARDS), seats, viewer: 2 };
    render(
      <ScoreScreen
        ctx={ctx}
        result={result}
        seats={seats}
        families={false}
        resources={false}
        players={players}
        actions={<button type="button">Review my game</button>}
      />,
    );
    return screen.getByTestId('score');
  }

  /** The screen as a phone shows it (the table's phone media query matches). */
  function onAPhone() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
  }

  it('says the viewer’s own place and total next to the winner', () => {
    const panel = show();
    expect(within(panel).getByTestId('score-yours')).toHaveTextContent(
      'Your place: 4 of 4, with 13 IP.',
    );
  });

  it('puts the actions before the breakdown, so they come with the result', () => {
    const panel = show();
    const actions = within(panel).getByTestId('score-actions');
    expect(within(actions).getByRole('button', { name: 'Review my game' })).toBeInTheDocument();
    const table = within(panel).getByRole('table');
    // DOCUMENT_POSITION_FOLLOWING: the table comes after the actions.
    expect(actions.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('on a phone: a card per player, the viewer’s first, then the actions, then the others', () => {
    onAPhone();
    const panel = show();
    expect(within(panel).queryByRole('table')).toBeNull();
    const cards = within(panel).getAllByTestId('score-card');
    expect(cards.map((card) => card.dataset.seat)).toEqual(['2', '0', '1', '3']);
    const [fourth, winner] = [itemOf(cards, 0), itemOf(cards, 1)];
    expect(within(fourth).getByRole('heading')).toHaveTextContent('4. Ana (you)');
    expect(fourth).toHaveTextContent('Total IP13');
    const actions = within(panel).getByTestId('score-actions');
    expect(fourth.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(actions.compareDocumentPosition(winner) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(winner).getByRole('heading')).toHaveTextContent('1. Nadia OrlovaWinner');
    // What each row counts is said once, under the cards.
    expect(within(panel).getByText('What each row counts')).toBeInTheDocument();
  });
});
