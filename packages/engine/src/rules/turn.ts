/** The turn: start-of-turn effects, mobilization (R-MOB), end of turn (R-TURN-1). */
import { activeResource, type Ctx, emit, hasActive, pushFront } from '../context.ts';
import { playerAt } from '../guards.ts';
import { isLeader } from '../members.ts';
import type { Seat, Task } from '../types.ts';
import { spendable } from './bank.ts';
import { endChapter } from './chapters.ts';
import { anyEngaged, readyWholeGang, setChapterEnd } from './gang.ts';

/** Turns without a recruit or heist, per player, that end a chapter (R-SAFE-1). */
export const SAFEGUARD_TURNS_PER_PLAYER = 10;
/**
 * Digital safeguard within a turn (R-SAFE-1 **Decision**): a heist may be given up at most
 * this many times a turn, so no player can keep a turn going forever by choosing and
 * abandoning in a loop (the Bank's own limit is `MAX_BANK_MOVES_PER_TURN` in bank.ts).
 */
export const MAX_ABANDONS_PER_TURN = 3;

export function startTurn(ctx: Ctx, seat: Seat, extra: boolean): void {
  const { state } = ctx;
  const player = playerAt(state, seat);
  state.turnNumber++;
  state.turn = {
    seat,
    extra,
    playAgain: false,
    freeReadies: 0,
    headquartersUsed: false,
    productive: false,
    acted: false,
    abandons: 0,
    bankMoves: 0,
  };
  emit(ctx, { type: 'turnStarted', seat, turn: state.turnNumber, extra });
  startOfTurnEffects(ctx, seat);
  // R-MOB-1: synchronization when every member is engaged.
  if (player.gang.every((m) => m.engaged)) {
    readyWholeGang(player);
    emit(ctx, { type: 'synchronized', seat });
    state.phase = 'action';
    return;
  }
  // R-MOB-2: each Leader available now gives one free readying.
  state.turn.freeReadies = player.gang.filter((m) => !m.engaged && isLeader(ctx.cards, m)).length;
  state.phase = 'mobilization';
  if (!mobilizationHasChoice(ctx, seat)) state.phase = 'action';
}

function startOfTurnEffects(ctx: Ctx, seat: Seat): void {
  const { state } = ctx;
  const player = playerAt(state, seat);
  player.peek = {};
  const printer = activeResource(ctx, player, 'counterfeitPrinter');
  if (printer && !state.gangWarBegun) {
    player.cash += printer.amount ?? 1;
    emit(ctx, { type: 'income', seat, amount: printer.amount ?? 1, reason: 'counterfeitPrinter' });
  }
  const peek: { heist?: string | null; gangster?: string | null } = {};
  if (hasActive(ctx, player, 'bikerGang')) peek.heist = state.heistDeck[0] ?? null;
  if (hasActive(ctx, player, 'informantNetwork')) peek.gangster = state.gangsterDeck[0] ?? null;
  if ('heist' in peek || 'gangster' in peek) {
    player.peek = peek;
    ctx.irreversible = true;
    emit(ctx, { type: 'peeked', seat, ...peek, to: seat });
  }
}

/** Whether mobilization offers anything: an engaged member and a way to ready it. */
export function mobilizationHasChoice(ctx: Ctx, seat: Seat): boolean {
  const { state } = ctx;
  const player = playerAt(state, seat);
  if (!anyEngaged(player)) return false;
  return state.turn.freeReadies > 0 || spendable(ctx, seat) > 0;
}

/** After the action: end-of-turn effects, then the turn closes (R-TURN-1). */
export function endOfTurn(ctx: Ctx): void {
  const { state } = ctx;
  const seat = state.turn.seat;
  const player = playerAt(state, seat);
  state.phase = 'endOfTurn';
  const tasks: Task[] = [];
  const engagedLeader = player.gang.some((m) => m.engaged && isLeader(ctx.cards, m));
  if (hasActive(ctx, player, 'secretSociety') && engagedLeader)
    tasks.push({ kind: 'secretSociety', seat });
  // The Bank works during the whole of its owner's turn: a last chance to put winnings away.
  if (hasActive(ctx, player, 'bank')) tasks.push({ kind: 'bankAtTurnEnd', seat });
  pushFront(state, ...tasks, { kind: 'finishTurn' });
}

export function finishTurn(ctx: Ctx): void {
  const { state } = ctx;
  const seat = state.turn.seat;
  playerAt(state, seat).peek = {};
  emit(ctx, { type: 'turnEnded', seat });
  state.idleTurns = state.turn.productive ? 0 : state.idleTurns + 1;
  if (state.idleTurns >= SAFEGUARD_TURNS_PER_PLAYER * state.players.length) {
    setChapterEnd(ctx, 'safeguard');
  }
  ctx.irreversible = true;
  if (state.chapterEndPending) {
    // A pending Play again is lost (R-CHAP-2).
    endChapter(ctx);
    return;
  }
  if (state.turn.playAgain && !state.turn.extra) {
    startTurn(ctx, seat, true);
    return;
  }
  startTurn(ctx, (seat + 1) % state.players.length, false);
}
