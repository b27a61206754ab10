// @vitest-environment jsdom
/**
 * The online screens' own behaviour: chat lines are text (never HTML) in the seat's colour,
 * the chat input is limited and a refusal is shown politely beside it; the tab's title says
 * "your turn" only while the tab is in the background.
 */
import { LIMITS } from '@gangsta/protocol';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Chat } from '../src/features/online/screens/Chat.tsx';
import type { OnlineClient } from '../src/features/online/state/client.ts';
import { IdentityStore } from '../src/features/online/state/identity.ts';
import { useYourTurn } from '../src/features/online/state/yourTurn.ts';
import { seatColour } from '../src/game/players.ts';
import { i18nReady } from '../src/i18n/index.ts';
import { connectedTable } from './onlineFakes.ts';

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Chat', () => {
  it('shows lines as text, in the speaker’s seat colour', () => {
    const { table, socket } = connectedTable();
    const attack = '<img src=x onerror="alert(1)"> hello';
    act(() =>
      socket.receive({
        type: 'sync',
        table: 't1',
        version: 0,
        frame: null,
        log: [],
        chat: [
          { from: 'Bo', seat: 1, text: attack, at: '2026-11-23T08:00:00Z' },
          { from: 'Viewer', seat: null, text: 'hi', at: '2026-11-23T08:00:01Z' },
        ],
      }),
    );
    const { container } = render(<Chat table={table} client={anonymousClient()} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(attack)).toBeInTheDocument();
    const from = screen.getByText('Bo');
    expect(from.style.color).not.toBe('');
    expect(from.getAttribute('style')).toContain(hexToRgb(seatColour(1)));
    expect(screen.getByText('Viewer').getAttribute('style')).toBeNull();
  });

  it('sends a line, limits its length, and shows a rate limit politely', () => {
    const { table, socket } = connectedTable();
    render(<Chat table={table} client={anonymousClient()} />);
    const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement;
    expect(input.maxLength).toBe(LIMITS.chatMax);
    fireEvent.change(input, { target: { value: '  good game  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(socket.sentOf('chat')).toEqual([{ type: 'chat', table: 't1', text: 'good game' }]);
    expect(input.value).toBe('');
    act(() =>
      socket.receive({
        type: 'error',
        table: 't1',
        error: { code: 'RATE_LIMITED', message: 'slow down', params: { retryMs: 1800 } },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe('Slow down a little: try again in 2 s.');
  });
});

/** A viewer without an identity: the chat shows and sends, and only muting is offered. */
function anonymousClient(): OnlineClient {
  const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  return { identity: new IdentityStore(storage) } as unknown as OnlineClient;
}

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('your turn in the tab title', () => {
  it('shows while it is our turn and the tab is in the background, and goes away after', () => {
    document.title = 'Gangsta!';
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const { rerender, unmount } = renderHook(
      ({ mine }) => useYourTurn(mine, '● Your turn', 'notice'),
      {
        initialProps: { mine: true },
      },
    );
    expect(document.title).toBe('● Your turn');
    focus.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(document.title).toBe('Gangsta!');
    focus.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(document.title).toBe('● Your turn');
    rerender({ mine: false });
    expect(document.title).toBe('Gangsta!');
    unmount();
    expect(document.title).toBe('Gangsta!');
  });
});
