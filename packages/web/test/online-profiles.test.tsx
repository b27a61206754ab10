// @vitest-environment jsdom
/**
 * What reaches a player after and around online games: a seat kept for them in My games (and
 * counted in the tab's title), whether a game counted and how ratings moved on the score
 * screen, the guest's notice before a game, leaderboard names linking to profiles, and the
 * profile's figures.
 */
import {
  type LeaderboardEntry,
  type MyGame,
  type PlayerProfile as Profile,
  type SeatInfo,
  type TableInfo,
  type TableRating,
  tableOptionsSchema,
} from '@gangsta/protocol';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameRating, signed } from '../src/features/online/screens/GameRating.tsx';
import { MyGames } from '../src/features/online/screens/MyGames.tsx';
import { PlayerProfile } from '../src/features/online/screens/PlayerProfile.tsx';
import { RatedNotice } from '../src/features/online/screens/RatedNotice.tsx';
import { Ratings } from '../src/features/online/screens/Ratings.tsx';
import type { Api } from '../src/features/online/state/api.ts';
import type { OnlineClient } from '../src/features/online/state/client.ts';
import { IDENTITY_KEY, IdentityStore } from '../src/features/online/state/identity.ts';
import type { OnlineTable } from '../src/features/online/state/onlineTable.ts';
import { parseOnlineHash } from '../src/features/online/state/routes.ts';
import { i18nReady } from '../src/i18n/index.ts';
import { itemOf } from './helpers.ts';

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function identity(account: boolean): IdentityStore {
  const stored = {
    token: account ? null : 'secret',
    player: { id: 'bob', name: 'Bob' },
    account: account ? { username: 'bob_ux' } : null,
  };
  const data = new Map([[IDENTITY_KEY, JSON.stringify(stored)]]);
  return new IdentityStore({
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => data.set(key, value),
    removeItem: (key) => data.delete(key),
  });
}

function client(api: Partial<Api>, account = true): OnlineClient {
  return { api: api as Api, identity: identity(account) } as unknown as OnlineClient;
}

function seat(index: number, name: string, playerId: string, more: Partial<SeatInfo> = {}) {
  return {
    seat: index,
    kind: 'player',
    name,
    playerId,
    botLevel: null,
    connected: false,
    host: index === 0,
    away: null,
    ...more,
  } satisfies SeatInfo;
}

function table(status: TableInfo['status'], seats: SeatInfo[], id = 't1'): TableInfo {
  return {
    id,
    name: 'Back room',
    public: false,
    status,
    options: tableOptionsSchema.parse({ players: seats.length }),
    seats,
    hostId: 'alice',
    spectators: 0,
    createdAt: '2026-11-27T10:00:00Z',
    moveCount: 0,
    clock: { setting: { kind: 'none' }, remainingMs: [], running: [] },
  };
}

describe('My games', () => {
  it('lists a rematch offered to the player as their seat waiting, first, and in the tab title', async () => {
    const rematch: MyGame = {
      table: table(
        'waiting',
        [
          seat(0, 'Bob', '', { kind: 'reserved', playerId: null, reservedFor: 'bob' }),
          seat(1, 'Alice', 'alice'),
        ],
        'rematch',
      ),
      seat: 0,
      deciding: [],
      yourTurn: false,
      seatWaiting: true,
    };
    const finished: MyGame = {
      table: table('finished', [seat(0, 'Alice', 'alice'), seat(1, 'Bob', 'bob')], 'old'),
      seat: 1,
      deciding: [],
      yourTurn: false,
    };
    const myGames = vi.fn(async () => ({ games: [finished, rematch] }));
    render(<MyGames client={client({ myGames })} />);
    const rows = await screen.findAllByTestId('my-game');
    expect(rows[0]).toHaveAttribute('data-seat-waiting', 'true');
    expect(within(itemOf(rows, 0)).getByText('Your seat is waiting')).toBeInTheDocument();
    expect(within(itemOf(rows, 0)).getByRole('link')).toHaveAttribute('href', '#/online/t/rematch');
    expect(rows[1]).toHaveAttribute('data-seat-waiting', 'false');
    // The title follows the list in an effect, which React may run after the rows are in the
    // document (and so after findAll has answered): wait for it rather than read it at once.
    await waitFor(() => expect(document.title).toBe('(1) Your turn — Gangsta!'));
  });
});

/** A finished table as the score screen's parts read it. */
function finishedTable(info: TableInfo): OnlineTable {
  const room = { info };
  return {
    tableId: info.id,
    subscribe: () => () => {},
    getRoom: () => room,
  } as unknown as OnlineTable;
}

const value = (conservative: number) => ({ mu: conservative + 25, sigma: 25 / 3, conservative });

describe('the game’s rating on the score screen', () => {
  const info = table('finished', [seat(0, 'Alice', 'alice'), seat(1, 'Bob', 'bob')]);

  it('shows each player’s rating before and after, with the change, the viewer’s marked', async () => {
    const rated: TableRating = {
      table: 't1',
      players: 2,
      status: 'rated',
      reason: null,
      guestSeats: [],
      changes: [
        {
          seat: 0,
          playerId: 'alice',
          name: 'Alice',
          bot: null,
          rank: 1,
          before: value(0),
          after: value(3.24),
        },
        {
          seat: 1,
          playerId: 'bob',
          name: 'Bob',
          bot: null,
          rank: 2,
          before: value(1.5),
          after: value(-0.42),
        },
      ],
    };
    const tableRating = vi.fn(async () => rated);
    render(<GameRating client={client({ tableRating })} table={finishedTable(info)} />);
    const lines = await screen.findAllByTestId('rating-change');
    expect(screen.getByText('Rated game (2 players)')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('Alice 0.0 → 3.2 +3.2');
    expect(lines[1]).toHaveTextContent('Bob');
    expect(lines[1]).toHaveTextContent('1.5 → −0.4 −1.9');
    expect(lines[1]).toHaveClass('mine');
    expect(tableRating).toHaveBeenCalledWith('t1');
  });

  it('says why a game with a guest did not count, and tells the guest how to make games count', async () => {
    const unrated: TableRating = {
      table: 't1',
      players: 2,
      status: 'unrated',
      reason: 'guest',
      guestSeats: [1],
      changes: [],
    };
    render(
      <GameRating
        client={client({ tableRating: async () => unrated }, false)}
        table={finishedTable(info)}
      />,
    );
    const box = await screen.findByTestId('game-rating');
    expect(box).toHaveAttribute('data-status', 'unrated');
    expect(box).toHaveTextContent('This game was not rated. You played as a guest');
    expect(within(box).getByRole('link', { name: 'create an account' })).toHaveAttribute(
      'href',
      '#/online',
    );
  });

  it('asks again while the rating is still being written', async () => {
    const answers: TableRating[] = [
      { table: 't1', players: 2, status: 'pending', reason: null, guestSeats: [], changes: [] },
      {
        table: 't1',
        players: 2,
        status: 'rated',
        reason: null,
        guestSeats: [],
        changes: [
          {
            seat: 0,
            playerId: 'alice',
            name: 'Alice',
            bot: null,
            rank: 1,
            before: value(0),
            after: value(2),
          },
        ],
      },
    ];
    const tableRating = vi.fn(async () => answers.shift()!);
    render(<GameRating client={client({ tableRating })} table={finishedTable(info)} />);
    expect(await screen.findByText('Rating this game…')).toBeInTheDocument();
    expect(await screen.findByTestId('rating-changes', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(tableRating).toHaveBeenCalledTimes(2);
  });

  it('asks again after a failed request', async () => {
    const rated: TableRating = {
      table: 't1',
      players: 2,
      status: 'rated',
      reason: null,
      guestSeats: [],
      changes: [],
    };
    const tableRating = vi
      .fn<() => Promise<TableRating>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(rated);
    render(<GameRating client={client({ tableRating })} table={finishedTable(info)} />);
    expect(
      await screen.findByText('Rated game (2 players)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(tableRating).toHaveBeenCalledTimes(2);
  });

  it('writes changes with their sign and a true minus', () => {
    expect(signed(1.26, 'en')).toBe('+1.3');
    expect(signed(-0.44, 'en')).toBe('−0.4');
    expect(signed(0.01, 'en')).toBe('±0.0');
  });
});

describe('before a game', () => {
  it('tells a guest the game will not be rated, and says nothing to an account', () => {
    const { unmount } = render(<RatedNotice client={client({}, false)} />);
    expect(screen.getByTestId('rated-notice')).toHaveTextContent('this game will not be rated');
    unmount();
    render(<RatedNotice client={client({}, true)} />);
    expect(screen.queryByTestId('rated-notice')).not.toBeInTheDocument();
  });
});

describe('leaderboard and profile', () => {
  it('shows display names on the leaderboard, each a link to the profile by username', async () => {
    const entry = (place: number, more: Partial<LeaderboardEntry>): LeaderboardEntry => ({
      place,
      playerId: `p${place}`,
      name: '',
      bot: null,
      mu: 25,
      sigma: 8,
      conservative: 1,
      games: 1,
      ...more,
    });
    const leaderboard = vi.fn(async () => ({
      players: 2,
      entries: [
        entry(1, { name: 'Alice', username: 'alice_ux' }),
        entry(2, { playerId: 'bot-easy', name: 'easy', username: null, bot: 'easy' }),
      ],
    }));
    const playerRatings = vi.fn(async () => ({
      player: { id: 'bob', name: 'Bob' },
      bot: null,
      ratings: [],
    }));
    render(<Ratings client={client({ leaderboard, playerRatings })} />);
    const links = await screen.findAllByTestId('profile-link');
    expect(links[0]).toHaveTextContent(/^Alice$/);
    expect(links[0]).toHaveAttribute('href', '#/online/players/alice_ux');
    expect(links[1]).toHaveAttribute('href', '#/online/players/bot-easy');
    expect(parseOnlineHash('#/online/players/alice_ux')).toEqual({
      page: 'player',
      username: 'alice_ux',
    });
  });

  it('shows a profile’s figures, sources, recent games and a place for actions', async () => {
    const profile: Profile = {
      player: { id: 'alice', name: 'Alice', username: 'alice_ux' },
      bot: null,
      botAccount: false,
      overall: { games: 4, wins: 3, meanIp: 21.25 },
      sizes: [
        {
          players: 2,
          games: 4,
          wins: 3,
          meanIp: 21.25,
          rating: value(4.5),
          history: [
            { table: 'g1', at: '2026-11-26T10:00:00Z', rank: 1, after: value(2), change: 2 },
            { table: 'g2', at: '2026-11-27T10:00:00Z', rank: 1, after: value(4.5), change: 2.5 },
          ],
        },
      ],
      ipBySource: {
        heists: 50,
        members: 20,
        resources: 0,
        media: 0,
        richest: 6,
        largestGang: 9,
        families: 0,
      },
      moneyToSnitches: 12,
      families: { bratva: 2, cartel: 9, ghettoGang: 1, mafia: 3, triads: 0 },
      favouriteFamily: 'cartel',
      recent: [
        {
          table: 'g2',
          tableName: 'Friday game',
          finishedAt: '2026-11-27T10:00:00Z',
          players: 2,
          seat: 0,
          rank: 1,
          won: true,
          ip: 24,
          opponents: [{ name: null, bot: 'hard' }],
        },
      ],
    };
    const api = vi.fn(async () => profile);
    render(<PlayerProfile client={client({ profile: api })} username="alice_ux" />);
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('alice_ux');
    expect(screen.getByTestId('profile-games')).toHaveTextContent('4');
    expect(screen.getByTestId('profile-wins')).toHaveTextContent('3 (75%)');
    expect(screen.getByTestId('profile-mean-ip')).toHaveTextContent('21.3');
    expect(screen.getByTestId('profile-snitches')).toHaveTextContent('$12');
    expect(screen.getByTestId('profile-family')).toHaveTextContent('Cartel');
    expect(screen.getByTestId('profile-source-heists')).toHaveTextContent(
      'Heists and rewards5012.5',
    );
    // A source that never scored (no resource cards in these games) is left out.
    expect(screen.queryByTestId('profile-source-resources')).not.toBeInTheDocument();
    const recent = screen.getByTestId('profile-recent');
    expect(within(recent).getByRole('link', { name: 'Friday game' })).toHaveAttribute(
      'href',
      '#/online/t/g2',
    );
    expect(recent).toHaveTextContent('Won with 24 IP');
    expect(recent).toHaveTextContent('against Bot (hard)');
    expect(screen.getByTestId('profile-chart')).toHaveTextContent(
      'Rating after each game, 2 players',
    );
    expect(screen.getByTestId('profile-actions')).toBeInTheDocument();
  });

  it('isolates a stored name that carries a right-to-left override', async () => {
    // Names are refused with direction controls now; one stored before may still carry them.
    const profile = {
      player: { id: 'm', name: '\u202EMallory', username: 'mallory' },
      bot: null,
      botAccount: false,
      overall: { games: 1, wins: 0, meanIp: 10 },
      sizes: [],
      ipBySource: {
        heists: 10,
        members: 0,
        resources: 0,
        media: 0,
        richest: 0,
        largestGang: 0,
        families: 0,
      },
      moneyToSnitches: 0,
      families: { bratva: 0, cartel: 0, ghettoGang: 0, mafia: 0, triads: 0 },
      favouriteFamily: null,
      recent: [
        {
          table: 'g3',
          tableName: '\u202Egame night',
          finishedAt: '2026-11-27T10:00:00Z',
          players: 2,
          seat: 0,
          rank: 2,
          won: false,
          ip: 10,
          opponents: [{ name: '\u202EEve', bot: null }],
        },
      ],
    } satisfies Profile;
    render(<PlayerProfile client={client({ profile: async () => profile })} username="mallory" />);
    const heading = await screen.findByRole('heading', { name: '\u202EMallory' });
    expect(heading.querySelector('bdi')).toHaveTextContent('\u202EMallory');
    const recent = screen.getByTestId('profile-recent');
    expect(within(recent).getByRole('link').querySelector('bdi')).toBeInTheDocument();
    // Inside the sentence the override is dropped, so it cannot turn the words after it.
    expect(recent).toHaveTextContent('against Eve');
    expect(recent.textContent).not.toContain('\u202EEve');
  });
});
