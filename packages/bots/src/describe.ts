/** A move in a few English words, for the reasons bots give. */
import type { Move } from '@gangsta/engine';

export function describeMove(move: Move): string {
  switch (move.type) {
    case 'keepResources':
      return `keeping ${move.cards.join(' and ')}`;
    case 'ready':
      return `readying ${move.member}`;
    case 'headquarters':
      return 'readying the gang at Headquarters';
    case 'bank':
      return move.amount >= 0 ? `depositing $${move.amount}` : `withdrawing $${-move.amount}`;
    case 'recruit':
      return `recruiting ${move.card}`;
    case 'recruitFromDeck':
      return 'recruiting through the Informant network';
    case 'heist':
      return `taking heist ${move.card}`;
    case 'heistFromDeck':
      return 'taking the Biker gang heist';
    case 'pass':
      return 'passing';
    case 'removeIcon':
      return `removing a ${move.skill} icon`;
    case 'activate':
      return `activating ${move.member}`;
    case 'abandonHeist':
      return 'giving up the heist';
    case 'train':
      return `training ${move.member}`;
    case 'target':
      return `targeting seat ${move.target + 1}`;
    case 'discardMember':
      return `discarding ${move.member}`;
    case 'mobilizeGang':
      return 'readying the whole gang';
    case 'engage':
      return `engaging ${move.member}`;
    case 'returnFromHospital':
      return `bringing ${move.member} back`;
    case 'discardRow':
      return `discarding ${move.card} from the row`;
    case 'done':
      return 'moving on';
  }
}
