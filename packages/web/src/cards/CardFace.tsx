/**
 * Any card by id: picks the right face from the card set. Handy for rows and logs that hold
 * mixed cards (a heist row slot may briefly show a snitch).
 */
import { type CardSet, cardsOf, type Member } from '@gangsta/engine';
import type { CardInteraction } from './CardFrame.tsx';
import { HeistCard } from './HeistCard.tsx';
import { BossCard, GangsterCard } from './MemberCards.tsx';
import { ResourceCard } from './ResourceCard.tsx';
import { SnitchCard } from './SnitchCard.tsx';
import { UnknownCard } from './UnknownCard.tsx';

export interface CardFaceProps extends CardInteraction {
  cards: CardSet;
  id: string;
  /** For a Boss or gangster in a gang. */
  member?: Member | undefined;
  /** For a kept resource card. */
  active?: boolean | undefined;
}

export function CardFace({ cards, id, member, active, ...interaction }: CardFaceProps) {
  switch (cardsOf(cards).kindOf(id)) {
    case 'heist':
      return <HeistCard cards={cards} id={id} {...interaction} />;
    case 'gangster':
      return <GangsterCard cards={cards} id={id} member={member} {...interaction} />;
    case 'boss':
      return <BossCard cards={cards} id={id} member={member} {...interaction} />;
    case 'resource':
      return <ResourceCard cards={cards} id={id} active={active} {...interaction} />;
    case 'snitch':
      return <SnitchCard cards={cards} id={id} {...interaction} />;
    default:
      return <UnknownCard id={id} {...interaction} />;
  }
}
