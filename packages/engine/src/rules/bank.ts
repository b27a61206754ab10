/** The Bank resource card (R-RES-2, R-SNITCH-3): money kept safe from Theft and snitches. */
import { activeResource, type Ctx } from '../context.ts';
import type { Move, Seat } from '../types.ts';
import { MAX_BANK_MOVES_PER_TURN } from './turn.ts';

/**
 * Deposits and withdrawals open to the owner now: during their own turn only (mobilization,
 * action, end of turn), never while a snitch is being resolved.
 */
export function bankMoves(ctx: Ctx, seat: Seat): Move[] {
  const player = ctx.state.players[seat];
  const bank = activeResource(ctx, player, 'bank');
  if (!bank || ctx.state.turn.bankMoves >= MAX_BANK_MOVES_PER_TURN) return [];
  const moves: Move[] = [];
  const room = Math.min(player.cash, (bank.amount ?? 10) - player.bank);
  for (let amount = 1; amount <= room; amount++) moves.push({ type: 'bank', seat, amount });
  for (let amount = 1; amount <= player.bank; amount++)
    moves.push({ type: 'bank', seat, amount: -amount });
  return moves;
}
