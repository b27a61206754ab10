/**
 * The game controller: bots play through the worker protocol, hot-seat hides private cards
 * behind a "pass the device" screen, undo and resume rebuild the game from its record.
 */
import { type GameRecord, type Move, moveKey, playerAt, replay } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { type BotClient, createInlineBotClient } from '../src/bots/botClient.ts';
import {
  type ControllerDeps,
  GameController,
  type TableSnapshot,
} from '../src/features/local/controller.ts';
import type { SeatKind } from '../src/game/seats.ts';
import { first, until } from './helpers.ts';

/** Answers with the first legal move that is not a bank move or giving up a heist. */
const firstMoveBots: BotClient = {
  ask: async (_kind, _seed, _view, legal) => ({
    move: legal.find((m) => m.type !== 'bank' && m.type !== 'abandonHeist') ?? first(legal),
  }),
  dispose() {},
};

function deps(bots: BotClient = firstMoveBots, saved: GameRecord[] = []): ControllerDeps {
  return {
    bots,
    settings: () => ({ botDelayMs: 0 }),
    save: (record) => saved.push(record),
    wait: async () => {},
  };
}

function start(
  seats: SeatKind[],
  options: Record<string, unknown> = {},
  d = deps(),
): GameController {
  const started = GameController.start({ players: seats.length, seed: 7, ...options }, seats, d);
  if (!started.ok) throw new Error(started.error.message);
  return started.controller;
}

/** A human policy: the first useful legal move. */
function humanMove(snapshot: TableSnapshot): Move {
  return (
    snapshot.legal.find((m) => m.type !== 'bank' && m.type !== 'abandonHeist') ??
    first(snapshot.legal)
  );
}

describe('game controller', () => {
  it('lets bots play a whole game with the real bots package, to the final score', async () => {
    const controller = start(['random', 'random'], {}, deps(createInlineBotClient()));
    const end = await until(controller, (s) => s.over);
    expect(end.view?.result?.winners.length).toBeGreaterThan(0);
    expect(end.viewer).toBeNull();
    const replayed = replay(controller.record());
    expect(replayed.ok && replayed.state.phase).toBe('gameOver');
  });

  it('gives the human only their own view and legal moves, and bots answer in turn', async () => {
    const controller = start(['human', 'easy'], { resources: true });
    let snapshot = await until(controller, (s) => s.legal.length > 0);
    expect(snapshot.viewer).toBe(0);
    expect(snapshot.view && playerAt(snapshot.view, 1).dealt).toEqual([]);
    for (let i = 0; i < 40 && !snapshot.over; i++) {
      expect(snapshot.legal.every((m) => m.seat === 0)).toBe(true);
      expect(controller.play(humanMove(snapshot))).toBe(true);
      snapshot = await until(controller, (s) => s.legal.length > 0 || s.over);
    }
    expect(snapshot.moveCount).toBeGreaterThan(40);
  });

  it('refuses moves for another seat', () => {
    const controller = start(['human', 'human']);
    const snapshot = controller.getSnapshot();
    const other = (snapshot.viewer! + 1) % 2;
    expect(controller.play({ type: 'pass', seat: other })).toBe(false);
  });

  it('asks to pass the device between human seats when private cards would show', async () => {
    const controller = start(['human', 'human', 'human'], { resources: true });
    let snapshot = controller.getSnapshot();
    expect(snapshot.decision.kind).toBe('keepResources');
    const firstSeat = snapshot.viewer!;
    controller.play(humanMove(snapshot));
    snapshot = controller.getSnapshot();
    expect(snapshot.passTo).not.toBeNull();
    expect(snapshot.passTo).not.toBe(firstSeat);
    expect(snapshot.view).toBeNull();
    expect(snapshot.legal).toEqual([]);
    expect(snapshot.log).toEqual([]);
    controller.confirmPass();
    snapshot = controller.getSnapshot();
    expect(snapshot.viewer).not.toBe(firstSeat);
    const { view, viewer } = snapshot;
    expect(view && playerAt(view, firstSeat).resources).toEqual([]);
    expect(view && viewer !== null && playerAt(view, viewer).dealt.length).toBeGreaterThan(0);
  });

  it('switches seats without a pass screen when nothing private differs', () => {
    const controller = start(['human', 'human']);
    let snapshot = controller.getSnapshot();
    const first = snapshot.viewer;
    // Play until the other seat decides; no resources and public IP: nothing is private.
    for (let i = 0; i < 50 && snapshot.viewer === first; i++) {
      controller.play(humanMove(snapshot));
      snapshot = controller.getSnapshot();
      expect(snapshot.passTo).toBeNull();
    }
    expect(snapshot.viewer).not.toBe(first);
  });

  it("undoes the viewer's last move where the engine allows it", () => {
    const controller = start(['human', 'human']);
    let snapshot = controller.getSnapshot();
    // Find a move after which undo is offered.
    for (let i = 0; i < 60 && !snapshot.canUndo; i++) {
      controller.play(humanMove(snapshot));
      snapshot = controller.getSnapshot();
    }
    expect(snapshot.canUndo).toBe(true);
    const before = snapshot.moveCount;
    expect(controller.undo()).toBe(true);
    const undone = controller.getSnapshot();
    expect(undone.moveCount).toBe(before - 1);
    // The log is rebuilt: it matches a game resumed from the shortened record.
    const resumed = GameController.resume(controller.record(), ['human', 'human'], deps());
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(undone.log.map((e) => e.event)).toEqual(
      resumed.controller.getSnapshot().log.map((e) => e.event),
    );
  });

  it('saves after every move and resumes from the saved record', async () => {
    const saved: GameRecord[] = [];
    const controller = start(['human', 'medium'], {}, deps(firstMoveBots, saved));
    let snapshot = await until(controller, (s) => s.legal.length > 0);
    for (let i = 0; i < 15; i++) {
      controller.play(humanMove(snapshot));
      snapshot = await until(controller, (s) => s.legal.length > 0);
    }
    const record = saved.at(-1)!;
    expect(record.moves.length).toBe(snapshot.moveCount);
    const resumed = GameController.resume(record, ['human', 'medium'], deps());
    if (!resumed.ok) throw new Error(resumed.error.message);
    const again = resumed.controller.getSnapshot();
    expect(again.moveCount).toBe(snapshot.moveCount);
    expect(again.legal.map(moveKey)).toEqual(snapshot.legal.map(moveKey));
    expect(again.log.length).toBe(snapshot.log.length);
  });

  it('gives a hint from the medium bot', async () => {
    const controller = start(['human', 'human']);
    await controller.requestHint();
    const hint = controller.getSnapshot().hint;
    expect(hint.status).toBe('ready');
    if (hint.status === 'ready') {
      expect(controller.getSnapshot().legal.map(moveKey)).toContain(moveKey(hint.move));
    }
  });
});
