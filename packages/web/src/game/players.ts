/**
 * Who the players are, as the table shows them: a name and a colour per seat. The colour
 * follows the seat (the same on the board, in the log and on the score screen, locally and
 * online); the name is the one chosen at the new-game screen (or online, the player's), a bot's
 * own name given when the game starts (`castNames`), and otherwise a default: "Player 2", or
 * "Player 2 (bot, medium)" for a bot nobody named (an online server bot, an old saved game).
 */
import {
  cardsOf,
  createGame,
  FAMILIES,
  type Family,
  type GameOptionsInput,
  itemAt,
  playerAt,
  type Seat,
} from '@gangsta/engine';
import type { TFunction } from 'i18next';
import { type BotSeatKind, isBotKind, type SeatKind } from './seats.ts';

/** The bot that plays a person's seat for them (online), and the seat. */
export interface StandIn {
  seat: Seat;
  level: BotSeatKind;
}

/** Who sits at a seat, as the table shows it. */
export interface TablePlayer {
  seat: Seat;
  kind: SeatKind;
  /** A display name; null means "use the default for this seat" (Seat N, or the bot level). */
  name: string | null;
  /** Online: whether that person is connected now (always true locally). */
  connected: boolean;
  /** Online, a timed table: the seat's clock (`table/widgets/SeatClock.tsx`). */
  clock?: SeatClockState;
  /** Online: a bot plays the seat for its player (out of time, absent, or gone). */
  away?: { reason: 'timeout' | 'absent' | 'left'; level: string } | null;
  /** Online: the player is a bot account (a program plays the seat). */
  botAccount?: boolean;
}

/** A seat's remaining time as the server last told it, counted down from when it arrived. */
export interface SeatClockState {
  kind: 'realtime' | 'turn';
  remainingMs: number;
  running: boolean;
  /** `performance.now()` when the server's figure arrived (never the server's own time). */
  receivedAt: number;
}

/** Four colours that stay apart for the common colour-vision deficiencies (Okabe–Ito). */
export const SEAT_COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7'] as const;

export function seatColour(seat: Seat): string {
  return itemAt(SEAT_COLOURS, seat % SEAT_COLOURS.length, 'seat colour');
}

/**
 * The bots' names, invented for this edition, six per family. They are proper names with no
 * nickname to translate, so they read the same in every language; none repeats a word of a
 * card's gangster, so the log never mixes a bot up with a card.
 */
export const BOT_NAMES: Readonly<Record<Family, readonly string[]>> = {
  bratva: [
    'Arkady Sokolov',
    'Mila Sorokina',
    'Yuri Belov',
    'Zoya Lebedeva',
    'Oleg Krupin',
    'Nadia Orlova',
  ],
  cartel: [
    'Inés Calderón',
    'Rafa Montoya',
    'Lupe Ordaz',
    'Teo Valdivia',
    'Marisol Quintero',
    'Chuy Benavides',
  ],
  ghettoGang: [
    'Dre Holloway',
    'Tasha Greene',
    'Marcus Bell',
    'Keisha Lyons',
    'Jojo Price',
    'Reggie Moss',
  ],
  mafia: [
    'Nunzio Bianchi',
    'Rosa Vitale',
    'Nino Ferraro',
    'Gina Moretti',
    'Enzo Galli',
    'Tess Lombardo',
  ],
  triads: ['Mei Chow', 'Kenny Tsang', 'Ivy Ho', 'Lam Siu-fai', 'Bo Kwan', 'Vivian Ko'],
};

/** The family whose list holds this name (a bot's own name), or null (a person's name). */
export function botNameFamily(name: string): Family | null {
  return FAMILIES.find((family) => BOT_NAMES[family].includes(name)) ?? null;
}

/**
 * A bot's name from its Boss's family, so the name, the emblem on its board and the gang it
 * recruits tell one story. `pick` chooses among the six; names already `taken` at the table are
 * skipped (two bots with Bosses of one family still get two names).
 */
export function botName(family: Family, pick: number, taken: ReadonlySet<string> = new Set()) {
  const names = BOT_NAMES[family];
  for (let i = 0; i < names.length; i++) {
    const name = itemAt(names, (pick + i) % names.length, 'bot name');
    if (!taken.has(name)) return name;
  }
  return itemAt(names, pick % names.length, 'bot name');
}

/**
 * The names a new game starts with: those chosen stay; every bot without one gets a name from
 * its Boss's family, picked with the game's seed (the same game gets the same cast). People
 * without a name keep null: the table calls them "Player N". The bosses are read from the
 * game's own setup, so this needs the same options the game starts with.
 */
export function castNames(
  options: GameOptionsInput,
  seats: readonly SeatKind[],
  names: readonly (string | null)[] = [],
): (string | null)[] {
  const chosen = seats.map((_, seat) => names[seat]?.trim() || null);
  if (!seats.some((kind, seat) => isBotKind(kind) && chosen[seat] === null)) return chosen;
  const created = createGame(options);
  if (!created.ok) return chosen;
  const cards = cardsOf(created.state.cards);
  const taken = new Set(chosen.filter((n): n is string => n !== null));
  // A small hash of the seed: consecutive seeds still pick different names.
  let mix = ((options.seed ?? 0) * 2654435761) >>> 0;
  return chosen.map((name, seat) => {
    if (name !== null || !isBotKind(seats[seat])) return name;
    const family = cards.boss(playerAt(created.state, seat).boss).family;
    mix = (mix ^ (mix >>> 15)) * 2246822519;
    mix >>>= 0;
    const given = botName(family, (mix >>> 8) % BOT_NAMES[family].length, taken);
    taken.add(given);
    return given;
  });
}

/**
 * The seats as a replay shows them, from a game file's players (its kinds and names); a file
 * that does not say (null) seats a person under the default name at each of `count` seats.
 */
export function replayPlayers(
  players: readonly { kind: SeatKind; name: string | null }[] | null,
  count: number,
): TablePlayer[] {
  return Array.from({ length: count }, (_, seat) => ({
    seat,
    kind: players?.[seat]?.kind ?? 'human',
    name: players?.[seat]?.name ?? null,
    connected: true,
  }));
}

/**
 * Unicode's direction controls (as `@gangsta/protocol`'s `names.ts` lists them; not imported
 * from there, which would bring zod into the first screen's bundle).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The player's own name, or the default for the seat ("Player 2", "Player 2 (bot, hard)"). */
export function playerName(t: TFunction, player: TablePlayer | undefined, seat: Seat): string {
  if (player?.name) {
    // Sentences (the log, the status line, the turn summary) put the name amid other words,
    // where no `<bdi>` can go: a direction control in a name stored before the server refused
    // them would reverse the words after it, so it is left out.
    const name = player.name.replace(BIDI_CONTROLS, '');
    return player.botAccount ? t('online.botAccount', { name }) : name;
  }
  const base = t('app.player', { n: seat + 1 });
  if (!player || player.kind === 'human') return base;
  return t('app.seatBot', { seat: base, level: t(`app.botLevel.${player.kind}`) });
}

/**
 * What a board or a badge shows of a player: the name, and for a bot its level (shown as a
 * badge, so the name of an unnamed bot is the seat's default alone).
 */
export interface PlayerIdentity {
  name: string;
  /** The bot's level, null for a person. */
  level: BotSeatKind | null;
  /** The level in words ("medium"), null for a person. */
  levelLabel: string | null;
  /** A bot's name tells its family (the list it comes from); null for people and other names. */
  family: Family | null;
}

export function playerIdentity(
  t: TFunction,
  player: TablePlayer | undefined,
  seat: Seat,
): PlayerIdentity {
  const kind = player?.kind ?? 'human';
  const level = isBotKind(kind) ? kind : null;
  return {
    // The level badge beside the name says "Bot: medium": an unnamed bot's name does not
    // repeat it ("Player 4", not "Player 4 (bot, medium)" beside "Bot: medium").
    name: level && !player?.name ? t('app.player', { n: seat + 1 }) : playerName(t, player, seat),
    level,
    levelLabel: level ? t(`app.botLevel.${level}`) : null,
    family: player?.name ? botNameFamily(player.name) : null,
  };
}
