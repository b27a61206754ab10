/**
 * Resource cards (R-RES): what each effect is worth to a bot, how likely a card is to activate,
 * and the secret choice of which dealt cards to keep.
 */
import type { Move, ResourceCard, ResourceEffect, Skill } from '@gangsta/engine';
import { gangIconList, missingIcons } from '../cards.ts';
import { firstMove } from '../firstMove.ts';
import { reason } from '../reasons.ts';
import type { Choice } from './choice.ts';
import { type Ctx, mySeat } from './context.ts';

/** Rough IP worth of each effect over a game, once active. Strategy data, not rules. */
const EFFECT_WORTH: Record<ResourceEffect, number> = {
  policeStation: 1.5,
  blackMarket: 2,
  headquarters: 1.5,
  counterfeitPrinter: 2,
  privateJet: 1,
  media: 4,
  highTechEquipment: 1,
  secretSociety: 1.5,
  bank: 1,
  bikerGang: 1,
  hospital: 1.5,
  informantNetwork: 1,
};

export function effectWorth(card: ResourceCard): number {
  return EFFECT_WORTH[card.effect] ?? 1;
}

/**
 * Chance that a gang with `icons` meets `requirement` some day; `likely` are icons it can
 * probably recruit soon (the recruit row), each worth half a missing icon.
 */
export function activationChance(
  requirement: readonly Skill[],
  icons: readonly Skill[],
  likely: readonly Skill[] = [],
): number {
  const missing = missingIcons(requirement, icons);
  const soon = missing.length - missingIcons(missing, likely).length;
  const effective = missing.length - 0.5 * soon;
  return Math.max(0.05, 1 - 0.17 * effective - 0.03 * requirement.length);
}

/** Worth of keeping a resource card with the gang we have now and the recruits in sight. */
export function keepWorth(ctx: Ctx, card: ResourceCard): number {
  const icons = gangIconList(ctx.cards, mySeat(ctx).gang);
  const likely: Skill[] = [];
  for (const id of ctx.table.recruitRow) {
    if (id) likely.push(...(ctx.cards.gangster.get(id)?.skills ?? []));
  }
  return activationChance(card.requirement, icons, likely) * (card.ip + effectWorth(card));
}

/** Worth (IP) of the inactive resources that `added` icons would activate or bring closer. */
export function activationGain(ctx: Ctx, added: readonly Skill[]): number {
  const me = mySeat(ctx);
  const icons = gangIconList(ctx.cards, me.gang);
  const after = [...icons, ...added];
  let gain = 0;
  for (const kept of me.resources) {
    if (kept.active) continue;
    const card = ctx.cards.resource.get(kept.id);
    if (!card) continue;
    const before = missingIcons(card.requirement, icons).length;
    const now = missingIcons(card.requirement, after).length;
    if (now === 0) gain += card.ip + effectWorth(card);
    else gain += 0.35 * (before - now);
  }
  return gain;
}

/** The setup choice: keep the subset with the highest total worth. */
export function chooseResources(ctx: Ctx, legal: Move[]): Choice {
  let best: Choice | null = null;
  for (const move of legal) {
    if (move.type !== 'keepResources') continue;
    let worth = 0;
    for (const id of move.cards) {
      const card = ctx.cards.resource.get(id);
      if (card) worth += keepWorth(ctx, card);
    }
    if (!best || worth > best.score) {
      best = {
        move,
        score: worth,
        reason: reason('resources.keep', { cards: move.cards }),
      };
    }
  }
  return best ?? { move: firstMove(legal), score: 0, reason: reason('resources.first', {}) };
}
