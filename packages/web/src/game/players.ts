/**
 * Who the players are, as the table shows them: a name and a colour per seat. The colour
 * follows the seat (the same on the board, in the log and on the score screen, locally and
 * online); the name is the one chosen at the new-game screen (or online, the player's), and
 * otherwise a default: "Seat 2", or the bot's level.
 */
import type { Seat } from '@gangsta/engine';
import type { TFunction } from 'i18next';
import type { TablePlayer } from './tableSource.ts';

/** Four colours that stay apart for the common colour-vision deficiencies (Okabe–Ito). */
export const SEAT_COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7'] as const;

export function seatColour(seat: Seat): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** The player's own name, or the default for the seat. */
export function playerName(t: TFunction, player: TablePlayer | undefined, seat: Seat): string {
  if (player?.name) return player.name;
  const base = t('app.seat', { n: seat + 1 });
  if (!player || player.kind === 'human') return base;
  return t('app.seatBot', { seat: base, level: t(`app.botLevel.${player.kind}`) });
}
