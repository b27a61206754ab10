/** The game clock model (`src/tables/game/clock.ts`) and the manual test time (`src/time.ts`). */
import type { ClockSetting } from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import {
  afterMove,
  afterSeatChange,
  clockInfoOf,
  elapse,
  expiredSeats,
  nextDeadline,
  RESUME_MIN_MS,
  startClock,
} from '../src/tables/game/clock.ts';
import { ManualTime } from '../src/time.ts';

const REALTIME: ClockSetting = { kind: 'realtime', bankMs: 300_000, incrementMs: 5_000 };
const TURN: ClockSetting = { kind: 'turn', perMoveMs: 86_400_000 };
const T0 = 1_000_000;

function move(over: Partial<Parameters<typeof afterMove>[2]> = {}) {
  return {
    now: T0,
    mover: 0,
    credit: true,
    decidingBefore: [0],
    decidingAfter: [1],
    people: [0, 1],
    over: false,
    ...over,
  };
}

describe('the clock model', () => {
  it('has no state without a clock', () => {
    expect(startClock({ kind: 'none' }, 2, [0], T0)).toBeNull();
    expect(clockInfoOf({ kind: 'none' }, null, 2, T0)).toEqual({
      setting: { kind: 'none' },
      remainingMs: [],
      running: [],
    });
  });

  it('charges only the seats whose time runs', () => {
    const start = startClock(REALTIME, 3, [1], T0)!;
    const later = elapse(start, T0 + 12_000);
    expect(later.remainingMs).toEqual([300_000, 288_000, 300_000]);
    expect(later.at).toBe(T0 + 12_000);
  });

  it('never goes below zero, and never back in time', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    expect(elapse(start, T0 + 10_000_000).remainingMs[0]).toBe(0);
    expect(elapse(start, T0 - 5_000).remainingMs[0]).toBe(300_000);
  });

  it('real-time: charges the mover, credits the increment, and starts the next seat', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    const after = afterMove(REALTIME, start, move({ now: T0 + 20_000 }));
    expect(after.remainingMs).toEqual([300_000 - 20_000 + 5_000, 300_000]);
    expect(after.charged).toEqual([1]);
  });

  it('real-time: a bot move or an undo earns no increment', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    const byBot = afterMove(REALTIME, start, move({ now: T0 + 1_000, credit: false }));
    expect(byBot.remainingMs[0]).toBe(299_000);
  });

  it('seats a bot plays are not charged', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    const after = afterMove(REALTIME, start, move({ decidingAfter: [0, 1], people: [0] }));
    expect(after.charged).toEqual([0]);
  });

  it('stops every clock when the game is over', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    expect(afterMove(REALTIME, start, move({ over: true })).charged).toEqual([]);
  });

  it('turn-based: a new decision starts with the full time; a continuing one keeps its time', () => {
    // Seats 0 and 1 decide at once (keeping resources); seat 0 chooses after an hour.
    const start = startClock(TURN, 3, [0, 1], T0)!;
    const hour = 3_600_000;
    const after = afterMove(
      TURN,
      start,
      move({
        now: T0 + hour,
        mover: 0,
        decidingBefore: [0, 1],
        decidingAfter: [1, 2],
        people: [0, 1, 2],
      }),
    );
    expect(after.remainingMs[1]).toBe(86_400_000 - hour);
    expect(after.remainingMs[2]).toBe(86_400_000);
    expect(after.charged).toEqual([1, 2]);
    // The mover deciding again (several steps of one turn) gets its full time again.
    const again = afterMove(
      TURN,
      after,
      move({
        now: T0 + 2 * hour,
        mover: 2,
        decidingBefore: [1, 2],
        decidingAfter: [1, 2],
        people: [0, 1, 2],
      }),
    );
    expect(again.remainingMs[2]).toBe(86_400_000);
    expect(again.remainingMs[1]).toBe(86_400_000 - 2 * hour);
  });

  it('finds the first deadline and the seats out of time', () => {
    const start = startClock(REALTIME, 3, [0, 2], T0)!;
    start.remainingMs = [50_000, 10_000, 30_000];
    expect(nextDeadline(start)).toBe(T0 + 30_000);
    expect(expiredSeats(start, T0 + 29_999)).toEqual([]);
    expect(expiredSeats(start, T0 + 30_000)).toEqual([2]);
    expect(nextDeadline({ ...start, charged: [] })).toBeNull();
  });

  it('a seat taken over stops running; taken back, it gets at least the resume minimum', () => {
    const start = startClock(REALTIME, 2, [0], T0)!;
    const out = afterSeatChange(REALTIME, start, T0 + 300_000, [0], [1], null);
    expect(out.remainingMs[0]).toBe(0);
    expect(out.charged).toEqual([]);
    const back = afterSeatChange(REALTIME, out, T0 + 400_000, [0], [0, 1], 0);
    expect(back.remainingMs[0]).toBe(RESUME_MIN_MS);
    expect(back.charged).toEqual([0]);
  });

  it('a returning real-time player keeps a larger bank, and never more than the whole bank', () => {
    const small: ClockSetting = { kind: 'realtime', bankMs: 30_000, incrementMs: 0 };
    const start = startClock(small, 2, [], T0)!;
    start.remainingMs = [0, 25_000];
    expect(afterSeatChange(small, start, T0, [0], [0, 1], 0).remainingMs[0]).toBe(30_000);
    const rich = startClock(REALTIME, 2, [], T0)!;
    expect(afterSeatChange(REALTIME, rich, T0, [0], [0, 1], 0).remainingMs[0]).toBe(300_000);
  });

  it('turn-based: a player who takes back a deciding seat gets a full decision', () => {
    const start = startClock(TURN, 2, [], T0)!;
    start.remainingMs = [0, 5];
    expect(afterSeatChange(TURN, start, T0, [0], [0, 1], 0).remainingMs[0]).toBe(86_400_000);
  });

  it('tells watchers the remaining times as of now', () => {
    const start = startClock(REALTIME, 2, [1], T0)!;
    expect(clockInfoOf(REALTIME, start, 2, T0 + 1_500)).toEqual({
      setting: REALTIME,
      remainingMs: [300_000, 298_500],
      running: [1],
    });
    expect(clockInfoOf(TURN, null, 2, T0).remainingMs).toEqual([86_400_000, 86_400_000]);
  });
});

describe('manual time', () => {
  it('fires due timers in time order, also those set while firing, and can cancel', () => {
    const time = new ManualTime(0);
    const fired: string[] = [];
    time.setTimer(30, () => fired.push('b'));
    time.setTimer(10, () => {
      fired.push('a');
      time.setTimer(time.now() + 5, () => fired.push(`a2@${time.now()}`));
    });
    const cancel = time.setTimer(20, () => fired.push('never'));
    cancel();
    time.advance(25);
    expect(fired).toEqual(['a', 'a2@15']);
    expect(time.now()).toBe(25);
    time.advance(5);
    expect(fired).toEqual(['a', 'a2@15', 'b']);
    expect(time.pending).toBe(0);
  });
});
