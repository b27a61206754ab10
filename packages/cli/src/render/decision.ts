/** The pending decision in words: who must decide and what is being asked. */
import type { GameView } from '@gangsta/engine';
import { cardName, icons, indexCards, memberName } from './cards.ts';
import { possessive, type RenderContext, seatName } from './context.ts';
import { SKILL_NAMES } from './names.ts';

export function describeDecision(view: GameView, ctx: RenderContext): string {
  const d = view.decision;
  const { cards, c } = ctx;
  const who = (seat: number) => seatName(ctx, seat);
  switch (d.kind) {
    case 'keepResources':
      return `${d.seats.map(who).join(', ')}: choose the ${d.keep === 1 ? 'resource card' : `${d.keep} resource cards`} to keep.`;
    case 'mobilize':
      return `${who(d.seat)}: mobilization — ready engaged members (${d.freeReadies} free from Leaders, then $1 each), then done.`;
    case 'action':
      return `${who(d.seat)}: choose the action — recruit a gangster, start a heist, or pass.`;
    case 'highTech':
      return `${who(d.seat)}: High-tech equipment — you may drop one icon from ${cardName(cards, d.heist)}.`;
    case 'activate':
      return `${who(d.seat)}: ${cardName(cards, d.heist)} — activate members one at a time; still needed: ${icons(d.remaining, c)}.`;
    case 'recruitReward':
      return `${who(d.seat)}: Recruit reward — you may recruit from the row now.`;
    case 'training':
      return `${who(d.seat)}: Training — choose a member of this heist to learn ${SKILL_NAMES[d.skill]}.`;
    case 'theft':
      return `${who(d.seat)}: Theft — choose an opponent to take $${d.amount} from.`;
    case 'assassination':
      return `${who(d.seat)}: Assassination — choose an opponent.`;
    case 'assassinationDiscard':
      return `${who(d.seat)}: assassination — discard one of your members with exactly two icons.`;
    case 'mobilizationReward':
      return `${who(d.seat)}: Mobilization reward — you may ready your whole gang.`;
    case 'diversion':
      return `${who(d.seat)}: Diversion — engage up to ${d.left} more available opponent member(s).`;
    case 'privateJet':
      return `${who(d.seat)}: Private jet — you may ready one of your members.`;
    case 'hospitalReturn':
      return `${who(d.seat)}: Hospital — bring members back into the gang, then done.`;
    case 'passDiscard':
      return `${who(d.seat)}: you passed — you may discard one card of the heist row or the recruit row.`;
    case 'secretSociety':
      return `${who(d.seat)}: Secret society — you may ready one of your Leaders.`;
    case 'bank':
      return `${who(d.seat)}: Bank — you may deposit or withdraw now (money on the card is safe), then done.`;
    case 'snitchDiscard': {
      const value = indexCards(cards).snitch(d.snitch)?.value ?? '?';
      return `${who(d.seat)}: a snitch (value ${value}) caught you short of cash — discard one member.`;
    }
    case 'gangWarDiscard':
      return d.victim === d.seat
        ? `${who(d.seat)}: gang war — discard one of your members.`
        : `${who(d.seat)}: gang war — choose which of ${possessive(ctx, d.victim)} members is discarded.`;
    case 'gameOver':
      return 'The game is over.';
  }
}

/** Names a member for a prompt, with its learned skill if it has one. */
export function describeMember(view: GameView, id: string): string {
  for (const player of view.players) {
    const member = player.gang.find((m) => m.id === id) ?? player.hospital.find((m) => m.id === id);
    if (member?.learned)
      return `${memberName(view.cards, id).replace(/\)$/, '')} +${member.learned})`;
  }
  return memberName(view.cards, id);
}
