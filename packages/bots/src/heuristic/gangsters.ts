/**
 * What recruiting a gangster is worth: its worth on its own (gangsterWorth.ts) and how much it
 * improves the best heist in the row.
 */
import type { CardId } from '@gangsta/engine';
import type { Table } from '../table.ts';
import { type Ctx, makeContext } from './context.ts';
import { type GangsterValue, gangsterWorth } from './gangsterWorth.ts';
import { evaluateHeist } from './heists.ts';

/** How much the gang's best heist in the row improves with this gangster in it (next turn). */
const SYNERGY_WEIGHT = 0.6;

function bestRowHeist(ctx: Ctx): number {
  let top = 0;
  for (const id of ctx.table.heistRow) {
    if (id) top = Math.max(top, evaluateHeist(ctx, id)?.value ?? 0);
  }
  return top;
}

function heistSynergy(ctx: Ctx, id: CardId): number {
  if (ctx.shallow) return 0;
  let now = ctx.memo.get('bestRowHeist');
  if (now === undefined) {
    now = bestRowHeist(makeContext(ctx.table, ctx.me, true));
    ctx.memo.set('bestRowHeist', now);
  }
  const table: Table = {
    ...ctx.table,
    players: ctx.table.players.map((p) =>
      p.seat === ctx.me ? { ...p, gang: [...p.gang, { id, engaged: false }] } : p,
    ),
  };
  return SYNERGY_WEIGHT * Math.max(0, bestRowHeist(makeContext(table, ctx.me, true)) - now);
}

/** Net worth of recruiting `id` now (IP), with its price. */
export function gangsterValue(ctx: Ctx, id: CardId, extraDiscount = 0): GangsterValue | null {
  return gangsterWorth(ctx, id, extraDiscount, heistSynergy);
}
