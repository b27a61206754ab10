/**
 * A player's profile (`GET /api/v1/players/:username/profile`): statistics of their newest
 * finished games (`PROFILE_GAMES_MAX`), worked out from the stored games (`gameFigures.ts`),
 * and their ratings with their history per table size. Persons and bot accounts are found by
 * their username; a server bot level by its player id (`bot-easy`…), its games being those
 * it was rated in (it sits at tables as a level, not as a player of the seat index).
 */
import { FAMILIES, type Family, SCORE_SOURCES } from '@gangsta/engine';
import {
  type BotLevel,
  botLevelOfPlayer,
  type IpBySource,
  type PlayerProfile,
  PROFILE_GAMES_MAX,
  PROFILE_RECENT_GAMES,
  type ProfileFigures,
  type ProfileSize,
  RATING_HISTORY_SIZE,
  type RecentGame,
} from '@gangsta/protocol';
import { conservative } from '../ratings/model.ts';
import { refuse } from '../refusal.ts';
import type { Store } from '../store/types.ts';
import { figuresCache, type GameFigures, gameFigures, type SeatFigures } from './gameFigures.ts';

/** Games read from the store at once while a profile's figures are first worked out. */
const LOADS_AT_ONCE = 4;

interface Who {
  id: string;
  name: string;
  username: string;
  bot: BotLevel | null;
  botAccount: boolean;
}

async function whoIs(store: Store, username: string): Promise<Who> {
  const level = botLevelOfPlayer(username);
  if (level) return { id: username, name: level, username, bot: level, botAccount: false };
  const account = await store.accountByUsername(username);
  const player = account ? await store.playerById(account.playerId) : undefined;
  if (!account || !player) refuse('NOT_FOUND', `no player has the username ${username}`);
  return {
    id: player.id,
    name: player.name,
    username: account.username,
    bot: null,
    botAccount: player.bot === true,
  };
}

/** A finished game's figures, worked out once and kept (My games lists the places too). */
export async function figuresOf(store: Store, tableId: string): Promise<GameFigures | null> {
  const known = figuresCache.get(tableId);
  if (known) return 'none' in known ? null : known;
  const loaded = await store.loadTable(tableId, 0);
  const figures = loaded ? gameFigures(loaded) : null;
  figuresCache.set(tableId, figures ?? { none: true });
  return figures;
}

async function allFigures(store: Store, tableIds: string[]): Promise<GameFigures[]> {
  const out: (GameFigures | null)[] = new Array(tableIds.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < tableIds.length) {
      const index = next++;
      out[index] = await figuresOf(store, tableIds[index] as string);
    }
  };
  await Promise.all(Array.from({ length: LOADS_AT_ONCE }, worker));
  return out.filter((g): g is GameFigures => g !== null);
}

/** The finished tables the statistics come from, newest first. */
async function tablesOf(store: Store, who: Who): Promise<string[]> {
  if (who.bot === null) {
    const rows = await store.tablesOfPlayer(who.id, ['finished'], PROFILE_GAMES_MAX);
    return rows.map((row) => row.id);
  }
  const ratings = await store.ratingsOf(who.id);
  const rated = await Promise.all(
    ratings.map((r) => store.historyOf(who.id, r.players, PROFILE_GAMES_MAX)),
  );
  return rated
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, PROFILE_GAMES_MAX)
    .map((row) => row.tableId);
}

/** The player's seat of a game: theirs, or a bot level's best placed one (as it was rated). */
function seatOf(game: GameFigures, who: Who): SeatFigures | null {
  const mine = game.seats.filter((s) => (who.bot ? s.botLevel === who.bot : s.playerId === who.id));
  return mine.sort((a, b) => a.rank - b.rank || a.seat - b.seat)[0] ?? null;
}

function figures(played: { seat: SeatFigures }[]): ProfileFigures {
  const total = played.reduce((sum, p) => sum + p.seat.score.total, 0);
  return {
    games: played.length,
    wins: played.filter((p) => p.seat.won).length,
    meanIp: played.length > 0 ? total / played.length : null,
  };
}

function recentGame(game: GameFigures, seat: SeatFigures): RecentGame {
  return {
    table: game.tableId,
    tableName: game.tableName,
    finishedAt: game.finishedAt,
    players: game.players,
    seat: seat.seat,
    rank: seat.rank,
    won: seat.won,
    ip: seat.score.total,
    opponents: game.seats
      .filter((s) => s.seat !== seat.seat)
      .map((s) => ({ name: s.botLevel ? null : s.name, bot: s.botLevel })),
  };
}

async function sizesOf(
  store: Store,
  who: Who,
  played: { game: GameFigures; seat: SeatFigures }[],
): Promise<ProfileSize[]> {
  const ratings = await store.ratingsOf(who.id);
  const counts = new Set([...played.map((p) => p.game.players), ...ratings.map((r) => r.players)]);
  return Promise.all(
    [...counts]
      .sort((a, b) => a - b)
      .map(async (players) => {
        const rating = ratings.find((r) => r.players === players);
        const history = rating ? await store.historyOf(who.id, players, RATING_HISTORY_SIZE) : [];
        return {
          players,
          ...figures(played.filter((p) => p.game.players === players)),
          rating: rating
            ? { mu: rating.mu, sigma: rating.sigma, conservative: conservative(rating) }
            : null,
          history: history.reverse().map((row) => ({
            table: row.tableId,
            at: row.at,
            rank: row.rank,
            after: { ...row.after, conservative: conservative(row.after) },
            change: conservative(row.after) - conservative(row.before),
          })),
        };
      }),
  );
}

export async function playerProfile(store: Store, username: string): Promise<PlayerProfile> {
  const who = await whoIs(store, username);
  const games = await allFigures(store, await tablesOf(store, who));
  const played = games
    .map((game) => ({ game, seat: seatOf(game, who) }))
    .filter((p): p is { game: GameFigures; seat: SeatFigures } => p.seat !== null)
    .sort((a, b) => b.game.finishedAt.localeCompare(a.game.finishedAt));
  const ipBySource = Object.fromEntries(SCORE_SOURCES.map((s) => [s, 0])) as IpBySource;
  const families = Object.fromEntries(FAMILIES.map((f) => [f, 0])) as Record<Family, number>;
  let moneyToSnitches = 0;
  for (const { seat } of played) {
    for (const source of SCORE_SOURCES) ipBySource[source] += seat.score[source];
    for (const family of FAMILIES) families[family] += seat.families[family];
    moneyToSnitches += seat.moneyToSnitches;
  }
  const most = Math.max(0, ...Object.values(families));
  const favouriteFamily = most > 0 ? (FAMILIES.find((f) => families[f] === most) ?? null) : null;
  return {
    player: { id: who.id, name: who.name, username: who.username },
    bot: who.bot,
    botAccount: who.botAccount,
    overall: figures(played),
    sizes: await sizesOf(store, who, played),
    ipBySource,
    moneyToSnitches,
    families,
    favouriteFamily,
    recent: played.slice(0, PROFILE_RECENT_GAMES).map((p) => recentGame(p.game, p.seat)),
  };
}
