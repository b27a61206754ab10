/** Every legal move of the pending decision (R-TURN-2: the action is mandatory). */
import { activeResource, type Ctx, hasActive, heistUnderWay, makeCtx } from './context.ts';
import { currentDecision, trainable } from './decision.ts';
import { playerAt } from './guards.ts';
import { iconsOf, isLeader } from './members.ts';
import { deckRecruitCost, recruitCost } from './rules/actions.ts';
import { bankMovesFor } from './rules/bank.ts';
import { discardableMembers } from './rules/gang.ts';
import {
  activatable,
  availableIconTotals,
  heistFeasible,
  removeOne,
  requirementFeasible,
} from './rules/heist.ts';
import { MAX_ABANDONS_PER_TURN } from './rules/turn.ts';
import type { Decision, GameState, Move, Seat, Skill } from './types.ts';

/** The legal moves now; for one seat if `seat` is given (simultaneous choices list all seats). */
export function legalMoves(state: GameState, seat?: Seat): Move[] {
  const moves = movesFor(makeCtx(state, false));
  return seat === undefined ? moves : moves.filter((m) => m.seat === seat);
}

export function movesFor(ctx: Ctx): Move[] {
  return decisionMoves(ctx, currentDecision(ctx));
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}

function decisionMoves(ctx: Ctx, decision: Decision): Move[] {
  const { state } = ctx;
  switch (decision.kind) {
    case 'gameOver':
      return [];
    case 'keepResources':
      return decision.seats.flatMap((seat) =>
        combinations(playerAt(state, seat).dealt, decision.keep).map(
          (cards): Move => ({ type: 'keepResources', seat, cards }),
        ),
      );
    case 'mobilize':
      return mobilizeMoves(ctx, decision.seat);
    case 'action':
      return actionMoves(ctx, decision.seat);
    case 'highTech': {
      // R-HEIST-6: only choices that leave a requirement the gang can still complete.
      const seat = decision.seat;
      const { card, remaining } = heistUnderWay(state);
      const totals = availableIconTotals(ctx, seat);
      const feasible = (left: Skill[]) => requirementFeasible(ctx, seat, card, left, totals);
      const skills = [...new Set(remaining)].filter((skill) =>
        feasible(removeOne(remaining, skill)),
      );
      const moves = skills.map((skill): Move => ({ type: 'removeIcon', seat, skill }));
      if (feasible(remaining)) moves.push({ type: 'done', seat });
      if (mayAbandon(ctx)) moves.push({ type: 'abandonHeist', seat });
      return moves;
    }
    case 'activate': {
      const seat = decision.seat;
      const moves = activatable(ctx).map(
        (c): Move => ({ type: 'activate', seat, member: c.member.id }),
      );
      if (mayAbandon(ctx)) moves.push({ type: 'abandonHeist', seat });
      return moves;
    }
    case 'recruitReward':
      return recruitRewardMoves(ctx, decision.seat);
    case 'training': {
      const seat = decision.seat;
      return [
        ...trainable(ctx, seat, decision.skill).map(
          (member): Move => ({ type: 'train', seat, member }),
        ),
        { type: 'done', seat },
      ];
    }
    case 'theft':
    case 'assassination':
      return state.players
        .filter((p) => p.seat !== decision.seat)
        .map((p): Move => ({ type: 'target', seat: decision.seat, target: p.seat }));
    case 'assassinationDiscard': {
      const player = playerAt(state, decision.seat);
      return discardableMembers(player)
        .filter((m) => iconsOf(ctx.cards, m).length === 2)
        .map((m): Move => ({ type: 'discardMember', seat: decision.seat, member: m.id }));
    }
    case 'mobilizationReward':
      return [
        { type: 'mobilizeGang', seat: decision.seat },
        { type: 'done', seat: decision.seat },
      ];
    case 'diversion': {
      const seat = decision.seat;
      const moves: Move[] = [];
      for (const p of state.players) {
        if (p.seat === seat) continue;
        for (const m of p.gang) if (!m.engaged) moves.push({ type: 'engage', seat, member: m.id });
      }
      moves.push({ type: 'done', seat });
      return moves;
    }
    case 'privateJet':
    case 'secretSociety': {
      const seat = decision.seat;
      const leadersOnly = decision.kind === 'secretSociety';
      return [
        ...playerAt(state, seat)
          .gang.filter((m) => m.engaged && (!leadersOnly || isLeader(ctx.cards, m)))
          .map((m): Move => ({ type: 'ready', seat, member: m.id })),
        { type: 'done', seat },
      ];
    }
    case 'hospitalReturn': {
      const seat = decision.seat;
      return [
        ...playerAt(state, seat).hospital.map(
          (m): Move => ({ type: 'returnFromHospital', seat, member: m.id }),
        ),
        { type: 'done', seat },
      ];
    }
    case 'passDiscard': {
      const seat = decision.seat;
      const cards = [...state.heistRow, ...state.recruitRow].filter((c): c is string => c !== null);
      return [
        ...cards.map((card): Move => ({ type: 'discardRow', seat, card })),
        { type: 'done', seat },
      ];
    }
    case 'snitchDiscard':
      return discardableMembers(playerAt(state, decision.seat)).map(
        (m): Move => ({ type: 'discardMember', seat: decision.seat, member: m.id }),
      );
    case 'bank': {
      // A Bank window: nothing to buy here, so the lean path offers only moving on, or before
      // a snitch (R-SNITCH-5) the withdrawal that pays it.
      const owed = decision.owed;
      return [
        ...bankMovesFor(ctx, decision.seat, () => (owed === undefined ? [] : [owed])),
        { type: 'done', seat: decision.seat },
      ];
    }
    case 'gangWarDiscard':
      return discardableMembers(playerAt(state, decision.victim)).map(
        (m): Move => ({ type: 'discardMember', seat: decision.seat, member: m.id }),
      );
  }
}

/** A chosen heist can be given up a few times a turn, then must be completed (R-SAFE-1). */
function mayAbandon(ctx: Ctx): boolean {
  return ctx.state.turn.abandons < MAX_ABANDONS_PER_TURN;
}

function* rowPrices(ctx: Ctx, seat: Seat): Generator<number> {
  for (const id of ctx.state.recruitRow) if (id !== null) yield recruitCost(ctx, seat, id);
}

/**
 * R-REW-3 with R-RES-2: recruit what cash pays for now; the Bank's owner may first withdraw
 * (the decision is offered whenever cash and Bank together pay for someone).
 */
function recruitRewardMoves(ctx: Ctx, seat: Seat): Move[] {
  const cash = playerAt(ctx.state, seat).cash;
  const moves: Move[] = [];
  for (const card of ctx.state.recruitRow) {
    if (card !== null && recruitCost(ctx, seat, card) <= cash)
      moves.push({ type: 'recruit', seat, card });
  }
  moves.push(...bankMovesFor(ctx, seat, () => rowPrices(ctx, seat)), { type: 'done', seat });
  return moves;
}

function headquartersPrice(ctx: Ctx, seat: Seat): number | null {
  const hq = activeResource(ctx, playerAt(ctx.state, seat), 'headquarters');
  return hq && !ctx.state.turn.headquartersUsed ? (hq.amount ?? 1) : null;
}

function mobilizeMoves(ctx: Ctx, seat: Seat): Move[] {
  const { state } = ctx;
  const player = playerAt(state, seat);
  const moves: Move[] = [];
  if (state.turn.freeReadies > 0 || player.cash >= 1) {
    for (const m of player.gang) if (m.engaged) moves.push({ type: 'ready', seat, member: m.id });
  }
  const hq = headquartersPrice(ctx, seat);
  if (hq !== null && player.cash >= hq) moves.push({ type: 'headquarters', seat });
  // R-MOB-3 and Headquarters may be paid from the Bank (R-RES-2).
  const prices = function* () {
    if (state.turn.freeReadies === 0) yield 1;
    if (hq !== null) yield hq;
  };
  moves.push(...bankMovesFor(ctx, seat, prices), { type: 'done', seat });
  return moves;
}

function actionMoves(ctx: Ctx, seat: Seat): Move[] {
  const { state } = ctx;
  const player = playerAt(state, seat);
  const moves: Move[] = [];
  for (const card of state.recruitRow) {
    if (card !== null && recruitCost(ctx, seat, card) <= player.cash)
      moves.push({ type: 'recruit', seat, card });
  }
  const totals = availableIconTotals(ctx, seat);
  for (const card of state.heistRow) {
    if (card !== null && heistFeasible(ctx, seat, card, totals))
      moves.push({ type: 'heist', seat, card });
  }
  const topHeist = state.heistDeck[0];
  const biker = activeResource(ctx, player, 'bikerGang');
  if (
    biker &&
    topHeist !== undefined &&
    player.peek.heist === topHeist &&
    !ctx.cards.isSnitch(topHeist) &&
    player.cash >= (biker.amount ?? 1) &&
    heistFeasible(ctx, seat, topHeist, totals)
  ) {
    moves.push({ type: 'heistFromDeck', seat });
  }
  const topGangster = state.gangsterDeck[0];
  if (
    hasActive(ctx, player, 'informantNetwork') &&
    topGangster !== undefined &&
    player.peek.gangster === topGangster &&
    deckRecruitCost(ctx, seat, topGangster) <= player.cash
  ) {
    moves.push({ type: 'recruitFromDeck', seat });
  }
  moves.push({ type: 'pass', seat }, ...bankMovesFor(ctx, seat, () => actionPrices(ctx, seat)));
  return moves;
}

/** What the action can cost: the row's recruits and the deck actions' prices (R-RES-2). */
function* actionPrices(ctx: Ctx, seat: Seat): Generator<number> {
  const { state } = ctx;
  const player = playerAt(state, seat);
  yield* rowPrices(ctx, seat);
  const biker = activeResource(ctx, player, 'bikerGang');
  const top = state.heistDeck[0];
  if (biker && top !== undefined && player.peek.heist === top && !ctx.cards.isSnitch(top)) {
    if (heistFeasible(ctx, seat, top)) yield biker.amount ?? 1;
  }
  const gangster = state.gangsterDeck[0];
  if (hasActive(ctx, player, 'informantNetwork') && gangster !== undefined) {
    if (player.peek.gangster === gangster) yield deckRecruitCost(ctx, seat, gangster);
  }
}
