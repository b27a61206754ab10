/**
 * The pending decision: who must decide what now. It is derived from the state (phase and the
 * front of the task queue), never stored, so it cannot drift from the state it describes.
 */
import { type Ctx, heistUnderWay, makeCtx } from './context.ts';
import { playerAt } from './guards.ts';
import { isLeader } from './members.ts';
import { recruitCost } from './rules/actions.ts';
import { bankMoves, spendable } from './rules/bank.ts';
import { anyEngaged, discardableMembers } from './rules/gang.ts';
import { snitchOwed } from './rules/rows.ts';
import type { Decision, GameState, Seat, Task } from './types.ts';

export function pendingDecision(state: GameState): Decision {
  return currentDecision(makeCtx(state, false));
}

/**
 * The seats a decision waits for, in seat order: none when the game is over, every seat still
 * choosing its resource cards, otherwise the one seat. These are exactly the seats with legal
 * moves (the invariant harness checks it).
 */
export function decidingSeats(decision: Decision): Seat[] {
  if (decision.kind === 'gameOver') return [];
  if (decision.kind === 'keepResources') return [...decision.seats];
  return [decision.seat];
}

export function currentDecision(ctx: Ctx): Decision {
  const { state } = ctx;
  switch (state.phase) {
    case 'gameOver':
      return { kind: 'gameOver' };
    case 'resourceChoice': {
      const seats = state.players.filter((p) => p.dealt.length > 0).map((p) => p.seat);
      return { kind: 'keepResources', seats, keep: state.options.expertResources ? 2 : 1 };
    }
    case 'mobilization':
      return { kind: 'mobilize', seat: state.turn.seat, freeReadies: state.turn.freeReadies };
    case 'action':
      return { kind: 'action', seat: state.turn.seat };
    case 'heist': {
      const heist = heistUnderWay(state);
      if (!heist.requirementSettled)
        return { kind: 'highTech', seat: heist.initiator, heist: heist.card };
      return {
        kind: 'activate',
        seat: heist.initiator,
        heist: heist.card,
        remaining: [...heist.remaining],
      };
    }
    case 'endOfTurn': {
      const task = state.queue[0];
      const decision = task ? taskDecision(ctx, task) : null;
      if (!decision) throw new Error(`no pending decision (task ${task?.kind ?? 'none'})`);
      return decision;
    }
  }
}

function opponentsHaveAvailable(state: GameState, seat: Seat): boolean {
  return state.players.some((p) => p.seat !== seat && p.gang.some((m) => !m.engaged));
}

/** The decision a task asks for, or null when the task runs (or is skipped) by itself. */
export function taskDecision(ctx: Ctx, task: Task): Decision | null {
  const { state } = ctx;
  switch (task.kind) {
    case 'reward': {
      const { seat, reward } = task;
      const player = playerAt(state, seat);
      switch (reward.kind) {
        case 'recruit': {
          // Skipped only when nothing is affordable, the Bank counted (R-REW-3, R-RES-2).
          const money = spendable(ctx, seat);
          return state.recruitRow.some((id) => id !== null && recruitCost(ctx, seat, id) <= money)
            ? { kind: 'recruitReward', seat }
            : null;
        }
        case 'training':
          return trainable(ctx, seat, reward.skill).length > 0
            ? { kind: 'training', seat, skill: reward.skill }
            : null;
        case 'theft':
          return { kind: 'theft', seat, amount: reward.amount };
        case 'assassination':
          return { kind: 'assassination', seat };
        case 'mobilization':
          return anyEngaged(player) ? { kind: 'mobilizationReward', seat } : null;
        default:
          return null;
      }
    }
    case 'diversion':
      return task.left > 0 && opponentsHaveAvailable(state, task.seat)
        ? { kind: 'diversion', seat: task.seat, left: task.left }
        : null;
    case 'assassinationDiscard':
      return { kind: 'assassinationDiscard', seat: task.seat };
    case 'privateJet':
      return anyEngaged(playerAt(state, task.seat))
        ? { kind: 'privateJet', seat: task.seat }
        : null;
    case 'snitchDiscard':
      return discardableMembers(playerAt(state, task.seat)).length > 0
        ? { kind: 'snitchDiscard', seat: task.seat, snitch: task.snitch }
        : null;
    case 'gangWarDiscard':
      return discardableMembers(playerAt(state, task.seat)).length > 0
        ? { kind: 'gangWarDiscard', seat: task.chooser, victim: task.seat }
        : null;
    case 'passHospital':
      return playerAt(state, task.seat).hospital.length > 0
        ? { kind: 'hospitalReturn', seat: task.seat }
        : null;
    case 'passDiscard':
      return state.heistRow.some((c) => c !== null) || state.recruitRow.some((c) => c !== null)
        ? { kind: 'passDiscard', seat: task.seat }
        : null;
    case 'secretSociety':
      return playerAt(state, task.seat).gang.some((m) => m.engaged && isLeader(ctx.cards, m))
        ? { kind: 'secretSociety', seat: task.seat }
        : null;
    case 'bankWindow':
      if (!moneyAtStakeNext(ctx)) return null;
      return bankMoves(ctx, task.seat).length > 0 ? { kind: 'bank', seat: task.seat } : null;
    case 'bankAtTurnEnd':
      return bankMoves(ctx, task.seat).length > 0 ? { kind: 'bank', seat: task.seat } : null;
    case 'bankBeforeSnitch': {
      // R-SNITCH-5: offered only when the snitch would take more than the player's cash.
      const owed = snitchOwed(ctx, task.seat, ctx.cards.snitch(task.snitch).value);
      if (owed <= playerAt(state, task.seat).cash || bankMoves(ctx, task.seat).length === 0)
        return null;
      return { kind: 'bank', seat: task.seat, snitch: task.snitch, owed };
    }
    default:
      return null;
  }
}

/**
 * Whether a Bank window mid-turn leads to something that can take money: other participants'
 * rewards, or a heist slot's refill (a snitch). Otherwise the turn-end window follows with
 * nothing in between, and one window is enough (R-RES-2).
 */
function moneyAtStakeNext(ctx: Ctx): boolean {
  const { state } = ctx;
  const partners = state.queue.some((t) => t.kind === 'reward' && t.seat !== state.turn.seat);
  if (partners) return true;
  if (state.chapterEndPending) return false; // no heist slot is refilled (R-CHAP-2)
  return state.heist === null || !state.heist.fromDeck; // a Biker gang heist refills nothing
}

/** Members of `seat` that took part in the current heist and may learn `skill` (R-REW-4). */
export function trainable(ctx: Ctx, seat: Seat, skill: string): string[] {
  const heist = ctx.state.heist;
  if (!heist) return [];
  const player = playerAt(ctx.state, seat);
  const out: string[] = [];
  for (const { member: id, seat: owner } of heist.activated) {
    if (owner !== seat) continue;
    const member = player.gang.find((m) => m.id === id);
    if (!member || member.learned) continue;
    if (skill === 'L' && isLeader(ctx.cards, member)) continue;
    out.push(id);
  }
  return out;
}
