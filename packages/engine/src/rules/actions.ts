/** The recruit and pass actions (R-REC, R-PASS) and the deck actions of resource cards. */
import { activeResource, type Ctx, emit, pushFront } from '../context.ts';
import { playerAt } from '../guards.ts';
import { isLeader } from '../members.ts';
import type { Seat, Task } from '../types.ts';
import { joinGang } from './gang.ts';
import { refillRecruitSlot } from './rows.ts';
import { endOfTurn } from './turn.ts';

/** R-REC-1 / R-FAM-1: the price of a gangster for this player. */
export function recruitCost(ctx: Ctx, seat: Seat, gangsterId: string): number {
  const { state } = ctx;
  const gangster = ctx.cards.gangster(gangsterId);
  const ownFamily = gangster.family === ctx.cards.familyOf(playerAt(state, seat).boss);
  return Math.max(0, gangster.cost - (state.options.families && ownFamily ? 1 : 0));
}

/** Informant network's price: $1 off for the Boss's family, never added to Families' discount. */
export function deckRecruitCost(ctx: Ctx, seat: Seat, gangsterId: string): number {
  const gangster = ctx.cards.gangster(gangsterId);
  const ownFamily = gangster.family === ctx.cards.familyOf(playerAt(ctx.state, seat).boss);
  return Math.max(0, gangster.cost - (ownFamily ? 1 : 0));
}

/** Recruits from the row (the action, or a Recruit reward) and refills the slot (R-REC-3). */
export function recruitFromRow(ctx: Ctx, seat: Seat, gangsterId: string): void {
  const { state } = ctx;
  const slot = state.recruitRow.indexOf(gangsterId);
  const cost = recruitCost(ctx, seat, gangsterId);
  const player = playerAt(state, seat);
  player.cash -= cost;
  state.recruitRow[slot] = null;
  emit(ctx, { type: 'recruited', seat, card: gangsterId, cost, fromDeck: false });
  joinGang(ctx, player, { id: gangsterId, engaged: false });
  state.turn.productive = true;
  refillRecruitSlot(ctx, slot);
}

export function recruitAction(ctx: Ctx, seat: Seat, gangsterId: string): void {
  ctx.state.turn.acted = true;
  recruitFromRow(ctx, seat, gangsterId);
  endOfTurn(ctx);
}

/** Informant network: recruit the top of the gangster deck as the action; nothing refills. */
export function recruitFromDeckAction(ctx: Ctx, seat: Seat): void {
  const { state } = ctx;
  const gangsterId = state.gangsterDeck.shift();
  if (gangsterId === undefined) throw new Error('the Informant network found no gangster deck');
  const cost = deckRecruitCost(ctx, seat, gangsterId);
  const player = playerAt(state, seat);
  player.cash -= cost;
  player.peek = {};
  state.turn.acted = true;
  state.turn.productive = true;
  emit(ctx, { type: 'recruited', seat, card: gangsterId, cost, fromDeck: true });
  joinGang(ctx, player, { id: gangsterId, engaged: false });
  endOfTurn(ctx);
}

/** R-PASS-1..3: Leader income, Black market, then Hospital returns and the optional discard. */
export function passAction(ctx: Ctx, seat: Seat): void {
  const { state } = ctx;
  const player = playerAt(state, seat);
  state.turn.acted = true;
  emit(ctx, { type: 'passed', seat });
  let income = player.gang.filter((m) => isLeader(ctx.cards, m)).length;
  if (state.options.minimumPassIncome) income = Math.max(2, income);
  player.cash += income;
  emit(ctx, { type: 'income', seat, amount: income, reason: 'pass' });
  const market = activeResource(ctx, player, 'blackMarket');
  if (market) {
    player.cash += market.amount ?? 2;
    emit(ctx, { type: 'income', seat, amount: market.amount ?? 2, reason: 'blackMarket' });
  }
  state.phase = 'endOfTurn';
  const tasks: Task[] = [{ kind: 'passHospital', seat }];
  // R-RES-2: the income may go on the Bank before a discarded heist's refill reveals a snitch.
  if (activeResource(ctx, player, 'bank')) tasks.push({ kind: 'bankWindow', seat });
  pushFront(state, ...tasks, { kind: 'passDiscard', seat }, { kind: 'endOfTurn' });
}

/** R-PASS-2: discard a row card; its slot refills from the matching deck. */
export function discardRowCard(ctx: Ctx, seat: Seat, card: string): void {
  const { state } = ctx;
  state.removed.push(card);
  const heistSlot = state.heistRow.indexOf(card);
  if (heistSlot >= 0) {
    state.heistRow[heistSlot] = null;
    emit(ctx, { type: 'rowCardDiscarded', seat, card, row: 'heist' });
    pushFront(state, { kind: 'refillHeistSlot', slot: heistSlot });
    return;
  }
  const slot = state.recruitRow.indexOf(card);
  state.recruitRow[slot] = null;
  emit(ctx, { type: 'rowCardDiscarded', seat, card, row: 'recruit' });
  refillRecruitSlot(ctx, slot);
}
