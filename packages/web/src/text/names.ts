/**
 * Display names of cards and seats, from the translations. The card data carries no words:
 * members are named by id (`gangsters.<id>`), heists by kind, resources by effect.
 */
import {
  type CardLookup,
  type GameView,
  iconsOf,
  type Member,
  type Seat,
  type Skill,
} from '@gangsta/engine';
import type { TFunction } from 'i18next';
import type { SeatKind } from '../game/seats.ts';

export function cardName(t: TFunction, cards: CardLookup, id: string): string {
  switch (cards.kindOf(id)) {
    case 'boss':
    case 'gangster':
      return t(`gangsters.${id}`, { defaultValue: id });
    case 'heist':
      return t(`heists.${cards.heist(id).kind}`);
    case 'snitch':
      return t('app.snitchName', { value: cards.snitch(id).value });
    case 'resource':
      return t(`resources.${cards.resource(id).effect}.name`);
    default:
      return t('cards.unknown', { id });
  }
}

export function skillNames(t: TFunction, skills: readonly Skill[]): string {
  return skills.length === 0 ? t('app.noIcons') : skills.map((s) => t(`skills.${s}`)).join(', ');
}

/** A member with its icons, such as "Boris the Anvil (Leader, Brawler)". */
export function memberLabel(t: TFunction, cards: CardLookup, member: Member): string {
  return t('app.memberWithIcons', {
    name: cardName(t, cards, member.id),
    icons: skillNames(t, iconsOf(cards, member)),
  });
}

/** "Player 2", "Player 2 (you)" or "Player 2 (bot, medium)": a seat nobody named. */
export function seatName(
  t: TFunction,
  seat: Seat,
  seats: readonly SeatKind[],
  viewer: Seat | null,
): string {
  const kind = seats[seat] ?? 'human';
  const base = t('app.player', { n: seat + 1 });
  if (seat === viewer) return t('app.seatYou', { seat: base });
  if (kind === 'human') return base;
  return t('app.seatBot', { seat: base, level: t(`app.botLevel.${kind}`) });
}

/** The short name used in sentences: "Player 2" or "you". */
export function seatShort(t: TFunction, seat: Seat, viewer: Seat | null): string {
  return seat === viewer ? t('app.you') : t('app.player', { n: seat + 1 });
}

/** The seat owning a member (also in a hospital), or -1. */
export function ownerOfMember(view: GameView, id: string): Seat {
  for (const player of view.players) {
    if (player.gang.some((m) => m.id === id) || player.hospital.some((m) => m.id === id)) {
      return player.seat;
    }
  }
  return -1;
}

export function findMember(view: GameView, id: string): Member | undefined {
  for (const player of view.players) {
    const member = player.gang.find((m) => m.id === id) ?? player.hospital.find((m) => m.id === id);
    if (member) return member;
  }
  return undefined;
}
