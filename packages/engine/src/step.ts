/**
 * Applying a move in place, then running the engine's own steps until a player must decide.
 * The move is trusted here (it comes from `legalMoves`); apply.ts checks untrusted input first.
 */
import {
  activeResource,
  type Ctx,
  emit,
  heistUnderWay,
  memberOf,
  ownerOf,
  pushFront,
  takeMember,
} from './context.ts';
import { currentDecision, taskDecision } from './decision.ts';
import { itemAt, playerAt } from './guards.ts';
import { iconsOf } from './members.ts';
import {
  discardRowCard,
  passAction,
  recruitAction,
  recruitFromDeckAction,
  recruitFromRow,
} from './rules/actions.ts';
import { startNextChapter } from './rules/chapters.ts';
import {
  activateResources,
  discardMember,
  joinGang,
  readyMember,
  readyWholeGang,
} from './rules/gang.ts';
import { abandonHeist, activate, finishHeist, removeOne, startHeist } from './rules/heist.ts';
import { refillHeistSlot, resolveSnitch } from './rules/rows.ts';
import { endOfTurn, finishTurn, mobilizationHasChoice, startTurn } from './rules/turn.ts';
import { dealRows } from './setup.ts';
import type { Decision, Move, Task } from './types.ts';

/**
 * Applies a legal move and runs the engine until the next decision. With `trackUndo` false (the
 * search path) the undo floor is not maintained: nobody undoes inside a playout.
 */
export function applyInPlace(ctx: Ctx, move: Move, trackUndo = true): void {
  const { state } = ctx;
  const decision = currentDecision(ctx);
  dispatch(ctx, decision, move);
  advance(ctx);
  state.moveCount++;
  if (!trackUndo) return;
  const next = currentDecision(ctx);
  const sameSeat = 'seat' in next && next.seat === move.seat;
  if (ctx.irreversible || !sameSeat || move.seat !== state.turn.seat)
    state.undoFloor = state.moveCount;
}

/** Runs automatic steps until a player must decide (or the game is over). */
export function advance(ctx: Ctx): void {
  const { state } = ctx;
  for (;;) {
    if (state.phase === 'gameOver' || state.phase === 'resourceChoice') return;
    const task = state.queue[0];
    if (!task) return;
    if (taskDecision(ctx, task)) return;
    state.queue.shift();
    runTask(ctx, task);
  }
}

function runTask(ctx: Ctx, task: Task): void {
  const { state } = ctx;
  switch (task.kind) {
    case 'reward':
      return runAutomaticReward(ctx, task);
    case 'finishHeist':
      return finishHeist(ctx);
    case 'refillHeistSlot':
      return refillHeistSlot(ctx, task.slot);
    case 'resolveSnitch':
      return resolveSnitch(ctx, task.snitch);
    case 'endOfTurn':
      return endOfTurn(ctx);
    case 'finishTurn':
      return finishTurn(ctx);
    case 'startChapter':
      startNextChapter(ctx);
      emit(ctx, {
        type: 'chapterStarted',
        chapter: state.chapter,
        firstPlayer: task.firstPlayer,
        row: [...state.heistRow],
      });
      startTurn(ctx, task.firstPlayer, false);
      return;
    default:
      // A choice with nothing to choose from is skipped.
      return;
  }
}

/** Rewards that need no choice (R-REW-1, 2, 5, 9). */
function runAutomaticReward(ctx: Ctx, task: Extract<Task, { kind: 'reward' }>): void {
  const { state } = ctx;
  const player = playerAt(state, task.seat);
  const { reward } = task;
  switch (reward.kind) {
    case 'income':
      player.cash += reward.amount;
      emit(ctx, { type: 'income', seat: task.seat, amount: reward.amount, reason: 'heist' });
      return;
    case 'influence':
      player.heistIp += reward.amount;
      emit(
        ctx,
        state.options.privateHeistInfluence
          ? { type: 'influence', seat: task.seat, amount: reward.amount, private: true }
          : { type: 'influence', seat: task.seat, amount: reward.amount },
      );
      return;
    case 'playAgain':
      // R-REW-5: a turn gained this way cannot grant another.
      if (!state.turn.extra) {
        state.turn.playAgain = true;
        emit(ctx, { type: 'playAgainWon', seat: task.seat });
      }
      return;
    case 'diversion':
      pushFront(state, { kind: 'diversion', seat: task.seat, left: reward.amount });
      return;
    default:
      return;
  }
}

function dispatch(ctx: Ctx, decision: Decision, move: Move): void {
  const { state } = ctx;
  switch (move.type) {
    case 'keepResources':
      return keepResources(ctx, move.seat, move.cards);
    case 'bank': {
      const player = playerAt(state, move.seat);
      player.cash -= move.amount;
      player.bank += move.amount;
      state.turn.bankMoves++;
      emit(ctx, { type: 'bank', seat: move.seat, amount: move.amount });
      return;
    }
    case 'ready':
      return ready(ctx, decision, move.seat, move.member);
    case 'headquarters': {
      const player = playerAt(state, move.seat);
      const cost = activeResource(ctx, player, 'headquarters')?.amount ?? 1;
      player.cash -= cost;
      readyWholeGang(player);
      state.turn.headquartersUsed = true;
      emit(ctx, { type: 'gangReadied', seat: move.seat, cost, reason: 'headquarters' });
      state.phase = 'action';
      return;
    }
    case 'recruit':
      if (decision.kind === 'recruitReward') {
        state.queue.shift();
        recruitFromRow(ctx, move.seat, move.card);
        return;
      }
      return recruitAction(ctx, move.seat, move.card);
    case 'recruitFromDeck':
      return recruitFromDeckAction(ctx, move.seat);
    case 'heist':
      emit(ctx, {
        type: 'heistChosen',
        seat: move.seat,
        card: move.card,
        fromDeck: false,
        cost: 0,
      });
      return startHeist(ctx, move.seat, move.card, false);
    case 'heistFromDeck': {
      const player = playerAt(state, move.seat);
      const cost = activeResource(ctx, player, 'bikerGang')?.amount ?? 1;
      player.cash -= cost;
      const card = itemAt(state.heistDeck, 0, 'heist in the deck');
      emit(ctx, { type: 'heistChosen', seat: move.seat, card, fromDeck: true, cost });
      return startHeist(ctx, move.seat, card, true);
    }
    case 'pass':
      return passAction(ctx, move.seat);
    case 'removeIcon': {
      const heist = heistUnderWay(state);
      heist.remaining = removeOne(heist.remaining, move.skill);
      heist.requirementSettled = true;
      emit(ctx, { type: 'iconRemoved', seat: move.seat, skill: move.skill });
      return;
    }
    case 'activate': {
      const owner = ownerOf(state, move.member);
      return activate(ctx, move.member, owner);
    }
    case 'abandonHeist':
      return abandonHeist(ctx);
    case 'train':
      return train(ctx, decision, move.seat, move.member);
    case 'target':
      return target(ctx, decision, move.seat, move.target);
    case 'discardMember':
      return discard(ctx, decision, move.member);
    case 'mobilizeGang':
      state.queue.shift();
      readyWholeGang(playerAt(state, move.seat));
      emit(ctx, { type: 'gangReadied', seat: move.seat, cost: 0, reason: 'mobilization' });
      return;
    case 'engage':
      return engage(ctx, move.seat, move.member);
    case 'returnFromHospital': {
      const player = playerAt(state, move.seat);
      const member = takeMember(player.hospital, move.member, `seat ${move.seat}'s Hospital`);
      emit(ctx, { type: 'returnedFromHospital', seat: move.seat, member: member.id });
      joinGang(ctx, player, member);
      return;
    }
    case 'discardRow':
      state.queue.shift();
      return discardRowCard(ctx, move.seat, move.card);
    case 'done':
      return done(ctx, decision);
  }
}

function keepResources(ctx: Ctx, seat: number, cards: string[]): void {
  const { state } = ctx;
  const player = playerAt(state, seat);
  for (const id of player.dealt) {
    if (cards.includes(id)) player.resources.push({ id, active: false });
    else state.unkeptResources.push(id);
  }
  player.dealt = [];
  ctx.irreversible = true;
  emit(ctx, { type: 'resourcesChosen', seat });
  if (state.players.some((p) => p.dealt.length > 0)) return;
  emit(ctx, {
    type: 'resourcesRevealed',
    kept: state.players.map((p) => p.resources.map((r) => r.id)),
  });
  for (const p of state.players) activateResources(ctx, p);
  // R-SETUP-5: the printed ruleset lays out the rows only now, after the choice: chapter I
  // begins here.
  if (state.options.ruleset === 'printed') {
    dealRows(ctx);
    emit(ctx, {
      type: 'chapterStarted',
      chapter: 1,
      firstPlayer: state.turn.seat,
      row: [...state.heistRow],
    });
  }
  startTurn(ctx, state.turn.seat, false);
}

function ready(ctx: Ctx, decision: Decision, seat: number, memberId: string): void {
  const { state } = ctx;
  const player = playerAt(state, seat);
  readyMember(player, memberId);
  if (decision.kind === 'mobilize') {
    const free = state.turn.freeReadies > 0;
    if (free) state.turn.freeReadies--;
    else player.cash -= 1;
    emit(ctx, {
      type: 'readied',
      seat,
      member: memberId,
      cost: free ? 0 : 1,
      reason: free ? 'leader' : 'paid',
    });
    if (!mobilizationHasChoice(ctx, seat)) state.phase = 'action';
    return;
  }
  state.queue.shift();
  const reason = decision.kind === 'privateJet' ? 'privateJet' : 'secretSociety';
  emit(ctx, { type: 'readied', seat, member: memberId, cost: 0, reason });
}

function train(ctx: Ctx, decision: Decision, seat: number, memberId: string): void {
  const { state } = ctx;
  if (decision.kind !== 'training') return;
  state.queue.shift();
  const player = playerAt(state, seat);
  const member = memberOf(player, memberId);
  member.learned = decision.skill;
  if (state.heist) state.heist.trainedMember = memberId;
  emit(ctx, { type: 'trained', seat, member: memberId, skill: decision.skill });
  activateResources(ctx, player);
}

function target(ctx: Ctx, decision: Decision, seat: number, victim: number): void {
  const { state } = ctx;
  state.queue.shift();
  ctx.irreversible = true;
  if (decision.kind === 'theft') {
    const amount = Math.min(decision.amount, playerAt(state, victim).cash);
    playerAt(state, victim).cash -= amount;
    playerAt(state, seat).cash += amount;
    emit(ctx, { type: 'theft', seat, target: victim, amount });
    return;
  }
  emit(ctx, { type: 'assassinationOrdered', seat, target: victim });
  const player = playerAt(state, victim);
  const hasTarget = player.gang.some(
    (m) => m.id !== player.boss && iconsOf(ctx.cards, m).length === 2,
  );
  if (hasTarget) pushFront(state, { kind: 'assassinationDiscard', seat: victim });
}

function discard(ctx: Ctx, decision: Decision, memberId: string): void {
  const { state } = ctx;
  state.queue.shift();
  ctx.irreversible = true;
  switch (decision.kind) {
    case 'assassinationDiscard':
      return discardMember(ctx, decision.seat, memberId, 'assassination');
    case 'snitchDiscard':
      return discardMember(ctx, decision.seat, memberId, 'snitch');
    case 'gangWarDiscard':
      return discardMember(ctx, decision.victim, memberId, 'gangWar');
    default:
      return;
  }
}

function engage(ctx: Ctx, seat: number, memberId: string): void {
  const { state } = ctx;
  const task = state.queue[0] as Extract<Task, { kind: 'diversion' }>;
  const owner = ownerOf(state, memberId);
  memberOf(playerAt(state, owner), memberId).engaged = true;
  ctx.irreversible = true;
  emit(ctx, { type: 'diverted', seat, member: memberId, owner });
  state.queue[0] = { ...task, left: task.left - 1 };
  if (task.left - 1 <= 0) state.queue.shift();
}

/** Finishing or declining the current optional decision. */
function done(ctx: Ctx, decision: Decision): void {
  const { state } = ctx;
  switch (decision.kind) {
    case 'mobilize':
      state.phase = 'action';
      return;
    case 'highTech':
      heistUnderWay(state).requirementSettled = true;
      return;
    default:
      // Declining a reward, a Diversion's rest, a Hospital return, a discard, a free readying.
      state.queue.shift();
      return;
  }
}
