// @vitest-environment jsdom
/**
 * Online clocks on the table: a running seat's time counts down from the moment the server's
 * figure arrived (not from the server's time), a stopped one stands still, low time is marked,
 * days are written as days; a seat a bot plays for its player is marked; chat notices are
 * translated.
 */
import { createGame } from '@gangsta/engine';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { noticeText } from '../src/features/online/state/notices.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { TableScreen } from '../src/table/TableScreen.tsx';
import type { SeatClockState, TableSource } from '../src/table/tableSource.ts';
import { formatClock, remainingNow, SeatClock } from '../src/table/widgets/SeatClock.tsx';
import { snapshotOf } from './tableFixture.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function clockOf(over: Partial<SeatClockState> = {}): SeatClockState {
  return {
    kind: 'realtime',
    remainingMs: 65_000,
    running: true,
    receivedAt: performance.now(),
    ...over,
  };
}

describe('the seat clock', () => {
  it('writes minutes, hours and days, rounding seconds up', () => {
    const t = i18n.t.bind(i18n);
    expect(formatClock(t, 65_000)).toBe('1:05');
    expect(formatClock(t, 64_001)).toBe('1:05');
    expect(formatClock(t, 0)).toBe('0:00');
    expect(formatClock(t, -5)).toBe('0:00');
    expect(formatClock(t, 3_723_000)).toBe('1:02:03');
    expect(formatClock(t, 26 * 3_600_000)).toBe('1 d 2 h');
  });

  it('counts a running clock down from its arrival, and leaves a stopped one alone', () => {
    const running = clockOf({ receivedAt: 1_000 });
    expect(remainingNow(running, 3_500)).toBe(62_500);
    expect(remainingNow(running, 1_000_000)).toBe(0);
    expect(remainingNow({ ...running, running: false }, 3_500)).toBe(65_000);
  });

  it('ticks on screen while running and marks low time', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    render(<SeatClock clock={clockOf({ remainingMs: 31_000 })} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('0:31');
    expect(timer.className).not.toContain('is-low');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(timer.textContent).toBe('0:29');
    expect(timer.className).toContain('is-low');
    expect(timer.getAttribute('aria-label')).toBe('Time left: 0:29');
  });

  it('a stopped clock does not tick', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    render(<SeatClock clock={clockOf({ running: false })} />);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('1:05');
  });
});

describe('clocks and bots on the boards', () => {
  it('shows each seat’s clock and marks the seat a bot plays for its player', () => {
    // The running clock counts down from when its snapshot was made: with the page's clock
    // stopped, rendering the whole table on a busy machine cannot take a second off it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const created = createGame({ players: 2, seed: 7 });
    if (!created.ok) throw new Error(created.error.message);
    const base = snapshotOf(created.state, { viewer: 0, names: ['Ann', 'Ben'] });
    const snapshot = {
      ...base,
      players: base.players.map((player) => ({
        ...player,
        clock: clockOf({
          running: player.seat === 0,
          remainingMs: player.seat === 0 ? 90_000 : 45_000,
        }),
        away: player.seat === 1 ? { reason: 'timeout' as const, level: 'hard' } : null,
      })),
    };
    const source: TableSource = {
      mode: 'online',
      subscribe: () => () => {},
      getSnapshot: () => snapshot,
      play: () => false,
      undo: () => false,
      confirmPass: () => {},
      clearError: () => {},
      requestHint: async () => {},
      record: () => null,
    };
    render(<TableScreen source={source} menu={() => null} />);
    const clocks = screen.getAllByTestId('seat-clock').map((c) => c.textContent);
    expect(clocks.sort()).toEqual(['0:45', '1:30']);
    expect(screen.getAllByTestId('bot-plays').map((b) => b.textContent)).toEqual([
      'bot plays (hard)',
    ]);
  });
});

describe('chat notices', () => {
  it('are written in the reader’s language from their key', async () => {
    const t = i18n.t.bind(i18n);
    const notice = { key: 'timeout' as const, params: { name: 'Ben', level: 'medium', seat: 1 } };
    expect(noticeText(t, notice)).toBe('Ben ran out of time; a bot (medium) plays for them.');
    await i18n.changeLanguage('fr');
    expect(noticeText(i18n.t.bind(i18n), { key: 'back', params: { name: 'Ben' } })).toBe(
      'Ben est de retour.',
    );
    await i18n.changeLanguage('en');
  });
});
