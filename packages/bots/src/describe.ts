/** A move as a reason phrase (`move.*`), for the reasons bots give. */
import type { Move } from '@gangsta/engine';
import { type Reason, reason } from './reasons.ts';

export function describeMove(move: Move): Reason {
  switch (move.type) {
    case 'keepResources':
      return reason('move.keepResources', { cards: move.cards });
    case 'bank':
      return move.amount >= 0
        ? reason('move.deposit', { amount: move.amount })
        : reason('move.withdraw', { amount: -move.amount });
    case 'ready':
    case 'activate':
    case 'train':
    case 'discardMember':
    case 'engage':
    case 'returnFromHospital':
      return reason(`move.${move.type}`, { card: move.member });
    case 'recruit':
    case 'heist':
    case 'discardRow':
      return reason(`move.${move.type}`, { card: move.card });
    case 'removeIcon':
      return reason('move.removeIcon', { skill: move.skill });
    case 'target':
      return reason('move.target', { seat: move.target });
    case 'headquarters':
    case 'recruitFromDeck':
    case 'heistFromDeck':
    case 'pass':
    case 'abandonHeist':
    case 'mobilizeGang':
    case 'done':
      return reason(`move.${move.type}`, {});
  }
}
