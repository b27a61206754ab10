/**
 * Engine events as log lines. Only what a player would remark on is printed; the move lines
 * already say what the deciding player chose, so the events add the consequences: money,
 * influence, refills, snitches, chapter ends.
 */
import type { GameEvent } from '@gangsta/engine';
import { cardName, gangsterLine, heistLine, memberName } from './cards.ts';
import { owner, possessive, type RenderContext, seatName, subject } from './context.ts';
import { CHAPTER_NAMES, SKILL_NAMES } from './names.ts';

const REASONS: Record<string, string> = {
  heist: 'from the heist',
  pass: 'for passing',
  blackMarket: 'from the Black market',
  counterfeitPrinter: 'from the Counterfeit printer',
  opportunity: 'of opportunity income',
};

const END_REASONS: Record<string, string> = {
  gangSize: 'a gang grew large enough',
  snitches: 'the third snitch of chapter III was revealed',
  safeguard: 'nobody recruited or completed a heist for too long (safeguard)',
};

/** One line for an event, or null for events not worth a line. */
export function describeEvent(event: GameEvent, ctx: RenderContext): string | null {
  const { cards, c } = ctx;
  const who = (seat: number) => seatName(ctx, seat);
  switch (event.type) {
    case 'gameStarted':
      return `${subject(ctx, event.firstPlayer, 'plays')} first.`;
    case 'resourcesRevealed':
      return `Resources kept: ${event.kept.map((ids, seat) => `${who(seat)}: ${ids.map((id) => cardName(cards, id)).join(', ') || 'none'}`).join('; ')}`;
    case 'resourceActivated':
      return c.green(`${subject(ctx, event.seat, 'activates')} ${cardName(cards, event.card)}.`);
    case 'turnStarted':
      return c.bold(
        `— Turn ${event.turn}: ${who(event.seat)}${event.extra ? ' (extra turn)' : ''} —`,
      );
    case 'income':
      return `${subject(ctx, event.seat, 'gains')} $${event.amount} ${REASONS[event.reason] ?? ''}.`;
    case 'peeked':
      return `${subject(ctx, event.seat, 'peeks')} at the top of a deck.`;
    case 'synchronized':
      return `${owner(ctx, event.seat)} whole gang was engaged: everyone is available again.`;
    case 'gangReadied':
      return `${subject(ctx, event.seat, 'readies')} the whole gang${event.cost > 0 ? ` for $${event.cost}` : ''}.`;
    case 'heistCompleted':
      return c.green(
        `${subject(ctx, event.seat, 'completes')} ${cardName(cards, event.card)}${
          event.cooperative
            ? ` with ${event.participants
                .filter((s) => s !== event.seat)
                .map(who)
                .join(', ')}`
            : ''
        }.`,
      );
    case 'influence':
      return `${subject(ctx, event.seat, 'gains')} ${event.amount} IP.`;
    case 'influenceHidden':
      // R-OPT-3: another seat's heist influence, amount hidden.
      return `${subject(ctx, event.seat, 'gains')} some IP (hidden).`;
    case 'trained':
      return `${memberName(cards, event.member)} learns ${SKILL_NAMES[event.skill]}.`;
    case 'playAgainWon':
      return `${subject(ctx, event.seat, 'will')} play again.`;
    case 'theft':
      return c.red(
        `${subject(ctx, event.seat, 'steals')} $${event.amount} from ${who(event.target)}.`,
      );
    case 'assassinationOrdered':
      return c.red(
        `${subject(ctx, event.seat, 'orders')} an assassination in ${possessive(ctx, event.target)} gang.`,
      );
    case 'memberDiscarded':
      return c.red(
        `${subject(ctx, event.seat, 'loses')} ${memberName(cards, event.member)} (${event.reason})${event.toHospital ? ', sent to the hospital' : ''}.`,
      );
    case 'diverted':
      return `${subject(ctx, event.seat, 'engages')} ${possessive(ctx, event.owner)} ${memberName(cards, event.member)}.`;
    case 'returnedFromHospital':
      return `${subject(ctx, event.seat, 'brings')} ${memberName(cards, event.member)} back from the hospital.`;
    case 'rowRefilled':
      if (event.card === null) return `The ${event.row} row slot ${event.slot + 1} stays empty.`;
      return `New in the ${event.row} row: ${event.row === 'heist' ? heistLine(cards, event.card, c) : gangsterLine(cards, event.card, c)}`;
    case 'snitchRevealed':
      return c.yellow(
        `A snitch is revealed (value ${event.value}) — snitch ${event.count} of this chapter.`,
      );
    case 'snitchPaid':
      return `${subject(ctx, event.seat, 'pays')} $${event.amount} to the snitch.`;
    case 'snitchSpared':
      return `${subject(ctx, event.seat, 'has')} enough Informants: nothing to pay.`;
    case 'chapterEnding':
      return c.bold(
        `Chapter ${CHAPTER_NAMES[event.chapter as 1 | 2 | 3] ?? event.chapter} ends: ${END_REASONS[event.reason]}.`,
      );
    case 'opportunityIncome':
      return event.amount > 0
        ? `${subject(ctx, event.seat, 'has')} ${event.icons} icons and gains $${event.amount} of opportunity income.`
        : `${subject(ctx, event.seat, 'has')} ${event.icons} icons.`;
    case 'gangWar':
      return c.bold(
        `Gang war! Mercenaries: ${event.mercenaries.map((m, seat) => `${who(seat)} ${m}`).join(', ')}. ${event.losers.length > 0 ? `Losing: ${event.losers.map(who).join(', ')}.` : ''}`,
      );
    case 'chapterStarted':
      return c.bold(
        `Chapter ${CHAPTER_NAMES[event.chapter as 1 | 2 | 3] ?? event.chapter} begins; ${who(event.firstPlayer)} starts.`,
      );
    case 'gameEnded':
      return c.bold(`The game ends: ${END_REASONS[event.result.reason]}.`);
    case 'recruited':
    case 'heistChosen':
    case 'activated':
    case 'readied':
    case 'bank':
    case 'iconRemoved':
    case 'heistAbandoned':
    case 'passed':
    case 'rowCardDiscarded':
    case 'resourcesDealt':
    case 'resourcesChosen':
    case 'turnEnded':
      // The move line already said it.
      return null;
  }
}
