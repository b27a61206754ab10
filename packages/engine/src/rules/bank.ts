/**
 * The Bank resource card (R-RES-2, R-SNITCH-3): money kept safe from Theft and snitches, which
 * its owner may deposit or withdraw at any moment of their own turn where money matters.
 */
import { activeResource, type Ctx } from '../context.ts';
import { playerAt } from '../guards.ts';
import type { Move, Seat } from '../types.ts';

/**
 * Digital safeguard within a turn (R-SAFE-1 **Decision**): the Bank may be used at most this
 * many times a turn, so no player can keep a turn going forever by depositing and withdrawing
 * in a loop. Here, beside the Bank's moves, so the turn's rules (turn.ts, which asks what is
 * `spendable`) and the Bank's do not import each other.
 */
export const MAX_BANK_MOVES_PER_TURN = 6;

/** The active Bank card of `seat`, if it may be used now: their own turn, moves left (R-SAFE-1). */
function usableBank(ctx: Ctx, seat: Seat) {
  const { state } = ctx;
  if (state.turn.seat !== seat || state.turn.bankMoves >= MAX_BANK_MOVES_PER_TURN) return undefined;
  if (state.phase === 'gameOver' || state.phase === 'resourceChoice') return undefined;
  return activeResource(ctx, playerAt(state, seat), 'bank');
}

/** Money on the Bank that `seat` could still take back now (0 outside their turn). */
export function withdrawable(ctx: Ctx, seat: Seat): number {
  return usableBank(ctx, seat) ? playerAt(ctx.state, seat).bank : 0;
}

/** What `seat` can pay for now: cash, plus the Bank when a withdrawal is allowed (R-RES-2). */
export function spendable(ctx: Ctx, seat: Seat): number {
  return playerAt(ctx.state, seat).cash + withdrawable(ctx, seat);
}

/**
 * Every deposit and withdrawal open to the owner now. Only the decisions that call this offer
 * the Bank (mobilization, the action, the Recruit reward, and the Bank windows of the turn), and
 * none of them is a snitch's or another seat's decision (R-SNITCH-3).
 */
export function bankMoves(ctx: Ctx, seat: Seat): Move[] {
  const bank = usableBank(ctx, seat);
  if (!bank) return [];
  const player = playerAt(ctx.state, seat);
  const moves: Move[] = [];
  const room = Math.min(player.cash, (bank.amount ?? 10) - player.bank);
  for (let amount = 1; amount <= room; amount++) moves.push({ type: 'bank', seat, amount });
  for (let amount = 1; amount <= player.bank; amount++)
    moves.push({ type: 'bank', seat, amount: -amount });
  return moves;
}

/**
 * The Bank moves a decision offers: all of them on the checked path; on the lean path (search
 * playouts, `fast.legalMoves`) only the withdrawals that make one of `prices` affordable, so
 * the move lists the bots search stay short and cannot shuffle money back and forth.
 */
export function bankMovesFor(ctx: Ctx, seat: Seat, prices: () => Iterable<number>): Move[] {
  if (!ctx.lean) return bankMoves(ctx, seat);
  const available = withdrawable(ctx, seat);
  if (available <= 0) return [];
  const cash = playerAt(ctx.state, seat).cash;
  const amounts = new Set<number>();
  for (const price of prices()) {
    const need = price - cash;
    if (need > 0 && need <= available) amounts.add(need);
  }
  return [...amounts].map((need): Move => ({ type: 'bank', seat, amount: -need }));
}
