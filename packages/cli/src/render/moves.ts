/**
 * Each legal move in words, from the deciding player's side: "Recruit G12 (Cartel, H H) for
 * $5 — 3 IP". The prompt numbers these; bots' moves are logged with the same sentences.
 */
import {
  type CardId,
  type GameView,
  type Move,
  playerAt,
  type Seat,
  type Skill,
} from '@gangsta/engine';
import { gangsterLine, heistLine, icons, indexCards, memberIcons, resourceLine } from './cards.ts';
import { possessive, type RenderContext, seatName } from './context.ts';
import { describeMember } from './decision.ts';
import { SKILL_NAMES } from './names.ts';

/** The seat whose gang holds `member`, if any. */
export function ownerOf(view: GameView, member: CardId): Seat | undefined {
  return view.players.find((p) => p.gang.some((m) => m.id === member))?.seat;
}

/** The icons of `member` that the remaining requirement still needs (R-HEIST-4). */
export function coveredIcons(view: GameView, member: CardId, remaining: readonly Skill[]): Skill[] {
  const owner = ownerOf(view, member);
  const found =
    owner === undefined ? undefined : playerAt(view, owner).gang.find((m) => m.id === member);
  if (!found) return [];
  const left = [...remaining];
  const covered: Skill[] = [];
  for (const icon of memberIcons(view.cards, found)) {
    const at = left.indexOf(icon);
    if (at >= 0) {
      left.splice(at, 1);
      covered.push(icon);
    }
  }
  return covered;
}

/** What recruiting `card` costs `seat`: the printed cost, $1 less for the Boss's family (R-FAM-1). */
export function recruitCost(view: GameView, seat: Seat, card: CardId): number {
  const index = indexCards(view.cards);
  const gangster = index.gangster(card);
  if (!gangster) return 0;
  const boss = index.boss(playerAt(view, seat).boss);
  const discount = view.options.families && boss?.family === gangster.family ? 1 : 0;
  return Math.max(0, gangster.cost - discount);
}

/** Leader income when passing (R-PASS-1, R-OPT-1). Black market is reported by the engine. */
export function passIncome(view: GameView, seat: Seat): number {
  const leaders = playerAt(view, seat).gang.filter((m) =>
    memberIcons(view.cards, m).includes('L'),
  ).length;
  return view.options.minimumPassIncome ? Math.max(2, leaders) : leaders;
}

function readyText(view: GameView, move: Extract<Move, { type: 'ready' }>): string {
  const d = view.decision;
  const name = describeMember(view, move.member);
  if (d.kind === 'mobilize') {
    return `Ready ${name} ${d.freeReadies > 0 ? '(free, thanks to a Leader)' : '(pay $1)'}`;
  }
  return `Ready ${name}`;
}

function doneText(view: GameView): string {
  switch (view.decision.kind) {
    case 'mobilize':
      return 'Done with mobilization';
    case 'recruitReward':
      return 'Skip the recruit';
    case 'training':
      return 'Skip the training';
    case 'mobilizationReward':
      return 'Leave the gang as it is';
    case 'diversion':
      return 'Stop engaging';
    case 'privateJet':
    case 'secretSociety':
      return 'Ready nobody';
    case 'hospitalReturn':
      return 'Done with the hospital';
    case 'passDiscard':
      return 'Discard nothing';
    case 'highTech':
      return 'Keep the requirement as printed';
    case 'bank':
      return 'Leave the Bank as it is and end the turn';
    default:
      return 'Done';
  }
}

export function describeMove(view: GameView, move: Move, ctx: RenderContext): string {
  const { cards } = ctx;
  const index = indexCards(cards);
  switch (move.type) {
    case 'keepResources':
      return `Keep ${move.cards.map((id) => resourceLine(cards, id, ctx.c)).join(' + ')}`;
    case 'ready':
      return readyText(view, move);
    case 'headquarters':
      return 'Headquarters: pay $1 and ready the whole gang';
    case 'bank':
      return move.amount > 0
        ? `Deposit $${move.amount} on the Bank`
        : `Withdraw $${-move.amount} from the Bank`;
    case 'recruit': {
      const cost = recruitCost(view, move.seat, move.card);
      return `Recruit ${gangsterLine(cards, move.card, ctx.c)} — pay $${cost}`;
    }
    case 'recruitFromDeck': {
      const peek = playerAt(view, move.seat).peek.gangster;
      return `Recruit the top of the gangster deck${peek ? `: ${gangsterLine(cards, peek, ctx.c)}` : ''} (Informant network)`;
    }
    case 'heist':
      return `Heist: ${heistLine(cards, move.card, ctx.c)}`;
    case 'heistFromDeck': {
      const peek = playerAt(view, move.seat).peek.heist;
      return `Heist from the top of the deck${peek ? `: ${heistLine(cards, peek, ctx.c)}` : ''} (Biker gang, $1)`;
    }
    case 'pass':
      return `Pass (+$${passIncome(view, move.seat)} from Leaders)`;
    case 'removeIcon':
      return `Drop one ${SKILL_NAMES[move.skill]} icon from the requirement`;
    case 'activate': {
      const owner = ownerOf(view, move.member);
      const remaining = view.decision.kind === 'activate' ? view.decision.remaining : [];
      const covers = coveredIcons(view, move.member, remaining);
      const whose = owner === undefined || owner === move.seat ? '' : `${possessive(ctx, owner)} `;
      return `Activate ${whose}${describeMember(view, move.member)} — covers ${icons(covers, ctx.c) || 'nothing'}`;
    }
    case 'abandonHeist':
      return 'Abandon this heist and choose the action again';
    case 'train': {
      const skill = view.decision.kind === 'training' ? view.decision.skill : undefined;
      return `Teach ${skill ? SKILL_NAMES[skill] : 'the skill'} to ${describeMember(view, move.member)}`;
    }
    case 'target': {
      const target = playerAt(view, move.target);
      if (view.decision.kind === 'theft') {
        return `Rob ${seatName(ctx, move.target)} (holds $${target.cash})`;
      }
      return `Order the assassination at ${seatName(ctx, move.target)}`;
    }
    case 'discardMember': {
      const owner = ownerOf(view, move.member);
      const whose = owner === undefined || owner === move.seat ? '' : `${possessive(ctx, owner)} `;
      return `Discard ${whose}${describeMember(view, move.member)}`;
    }
    case 'mobilizeGang':
      return 'Ready your whole gang';
    case 'engage': {
      const owner = ownerOf(view, move.member);
      return `Engage ${owner === undefined ? '' : `${possessive(ctx, owner)} `}${describeMember(view, move.member)}`;
    }
    case 'returnFromHospital':
      return `Bring ${describeMember(view, move.member)} back from the hospital`;
    case 'discardRow': {
      const kind = index.kindOf(move.card);
      return kind === 'heist'
        ? `Discard the heist ${heistLine(cards, move.card, ctx.c)}`
        : `Discard the recruit ${gangsterLine(cards, move.card, ctx.c)}`;
    }
    case 'done':
      return doneText(view);
  }
}

/** A short sentence for the log: "Seat 2 (heuristic): Recruit G12 …". */
export function logMove(view: GameView, move: Move, ctx: RenderContext): string {
  return `${seatName(ctx, move.seat)}: ${describeMove(view, move, ctx)}`;
}
