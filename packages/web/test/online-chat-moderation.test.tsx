// @vitest-environment jsdom
/**
 * The chat's safety: every player-supplied name and line is an isolated run (`<bdi>`), so a
 * name stored before the server refused direction controls cannot reverse the words after it;
 * a line's menu mutes, blocks, reports and (for the host, on a spectator's line) removes; the
 * name form says what is wrong with a name before sending it, counting an emoji as one.
 */
import type { ChatLine, ModerationLists, TableInfo } from '@gangsta/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Chat } from '../src/features/online/screens/Chat.tsx';
import { NameForm } from '../src/features/online/screens/NameForm.tsx';
import type { Api } from '../src/features/online/state/api.ts';
import type { OnlineClient } from '../src/features/online/state/client.ts';
import { IDENTITY_KEY, IdentityStore } from '../src/features/online/state/identity.ts';
import { playerName } from '../src/game/players.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { connectedTable } from './onlineFakes.ts';

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const SPOOF = '\u202EMallory';

function memoryStorage(me: { id: string; name: string } | null) {
  const items = new Map<string, string>();
  if (me) items.set(IDENTITY_KEY, JSON.stringify({ token: 'secret', player: me, account: null }));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function fakeClient(me: { id: string; name: string } | null, api: Partial<Api> = {}) {
  const lists: ModerationLists = { muted: [], blocked: [] };
  const calls: string[] = [];
  const fullApi = {
    moderation: async () => lists,
    setListed: async (list: 'muted' | 'blocked', id: string, on: boolean) => {
      calls.push(`${on ? 'add' : 'remove'} ${list} ${id}`);
      const named = { id, name: id };
      lists[list] = on ? [...lists[list], named] : lists[list].filter((p) => p.id !== id);
      return { ...lists };
    },
    reportChatLine: async (table: string, seq: number) => void calls.push(`report ${table} ${seq}`),
    removeChatLine: async (table: string, seq: number) => void calls.push(`remove ${table} ${seq}`),
    signIn: async () => {},
    ...api,
  } as unknown as Api;
  const client = {
    api: fullApi,
    identity: new IdentityStore(memoryStorage(me)),
    signIn: async () => {},
  } as unknown as OnlineClient;
  return { client, calls };
}

function onlineTable(chat: ChatLine[], info?: TableInfo) {
  const { table, socket } = connectedTable();
  if (info) table.setInfo(info);
  act(() => socket.receive({ type: 'sync', table: 't1', version: 0, frame: null, log: [], chat }));
  return { table, socket };
}

const at = '2026-11-27T10:00:00Z';
const line = (seq: number, from: string, playerId: string, text: string, seat: number | null) => ({
  seq,
  from,
  playerId,
  seat,
  text,
  at,
});

function info(hostId: string, seats: { playerId: string; name: string }[]): TableInfo {
  return {
    id: 't1',
    name: 'Friends night',
    public: true,
    status: 'waiting',
    options: { players: seats.length } as TableInfo['options'],
    seats: seats.map((s, seat) => ({
      seat,
      kind: 'player',
      name: s.name,
      playerId: s.playerId,
      botLevel: null,
      connected: true,
      host: seat === 0,
      away: null,
    })),
    hostId,
    spectators: 1,
    createdAt: at,
    moveCount: 0,
    clock: { setting: { kind: 'none' }, remainingMs: [], running: [] },
  };
}

describe('names and lines in isolated runs', () => {
  it('a stored name with U+202E is isolated, and so is the text after it', () => {
    const { client } = fakeClient(null);
    const { table } = onlineTable([line(1, SPOOF, 'm', 'I paid $5 to Alice', 1)]);
    const { container } = render(<Chat table={table} client={client} />);
    const from = screen.getByText(SPOOF);
    expect(from.tagName).toBe('BDI');
    const text = screen.getByText('I paid $5 to Alice');
    expect(text.tagName).toBe('BDI');
    // The name's run ends before the text starts: the override cannot reach the text.
    expect(from.contains(text)).toBe(false);
    expect(container.querySelectorAll('.chat-line bdi')).toHaveLength(2);
  });

  it('a sentence leaves a name’s direction controls out', () => {
    const t = i18n.t.bind(i18n);
    const name = playerName(t, { seat: 0, kind: 'human', name: SPOOF, connected: true }, 0);
    expect(name).toBe('Mallory');
  });

  it('shows the seat’s current name on a seated player’s lines (a rename is live)', () => {
    const { client } = fakeClient(null);
    const { table } = onlineTable(
      [line(1, 'Ann', 'a', 'hello', 0)],
      info('a', [{ playerId: 'a', name: 'Annie' }]),
    );
    render(<Chat table={table} client={client} />);
    expect(screen.getByText('Annie')).toBeInTheDocument();
    expect(screen.queryByText('Ann')).not.toBeInTheDocument();
  });
});

describe('the line menu', () => {
  it('mutes a player for this viewer only, without an identity in localStorage', async () => {
    const { client, calls } = fakeClient(null);
    const { table } = onlineTable([
      line(1, 'Bo', 'b', 'spam', null),
      line(2, 'Cy', 'c', 'fine', null),
    ]);
    render(<Chat table={table} client={client} />);
    fireEvent.click(screen.getAllByRole('button', { name: /Options for the message of Bo/ })[0]!);
    // No identity: no block or report, which the server keeps per player.
    expect(screen.queryByRole('button', { name: 'Block Bo' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mute Bo' }));
    await waitFor(() => expect(screen.queryByText('spam')).not.toBeInTheDocument());
    expect(screen.getByText('fine')).toBeInTheDocument();
    expect(screen.getByText('1 message from a muted or blocked player is hidden.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('gangsta.online.muted') ?? '[]')).toEqual(['b']);
    expect(calls).toEqual([]);
  });

  it('blocks and reports through the server for a player with an identity', async () => {
    const { client, calls } = fakeClient({ id: 'me', name: 'Me' });
    const { table } = onlineTable([line(7, 'Bo', 'b', 'rude', null)]);
    render(<Chat table={table} client={client} />);
    fireEvent.click(screen.getByRole('button', { name: /Options for the message of Bo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Report this message' }));
    await screen.findByText('Thank you: the message was reported to the operators.');
    fireEvent.click(screen.getByRole('button', { name: /Options for the message of Bo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Block Bo' }));
    await waitFor(() => expect(screen.queryByText('rude')).not.toBeInTheDocument());
    expect(calls).toEqual(['report t1 7', 'add blocked b']);
  });

  it('offers the host to remove a spectator’s line, not a seated player’s', async () => {
    const { client, calls } = fakeClient({ id: 'a', name: 'Ann' });
    const { table, socket } = onlineTable(
      [line(3, 'Ben', 'b', 'at the table', 1), line(4, 'Vic', 'v', 'from the rail', null)],
      info('a', [
        { playerId: 'a', name: 'Ann' },
        { playerId: 'b', name: 'Ben' },
      ]),
    );
    render(<Chat table={table} client={client} />);
    fireEvent.click(screen.getByRole('button', { name: /Options for the message of Ben/ }));
    expect(screen.queryByRole('button', { name: 'Remove this message' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Options for the message of Vic/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove this message' }));
    await screen.findByText('The message was removed for everyone.');
    expect(calls).toEqual(['remove t1 4']);
    // The server's `chatRemoved` takes it off the list.
    act(() => socket?.receive({ type: 'chatRemoved', table: 't1', seq: 4 }));
    expect(screen.queryByText('from the rail')).not.toBeInTheDocument();
    expect(screen.getByText('at the table')).toBeInTheDocument();
  });

  it('has no menu on one’s own lines', () => {
    const { client } = fakeClient({ id: 'a', name: 'Ann' });
    const { table } = onlineTable([line(1, 'Ann', 'a', 'mine', 0)]);
    render(<Chat table={table} client={client} />);
    expect(screen.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();
  });
});

describe('the name form', () => {
  it('names the invisible character before sending anything', () => {
    const signIn = vi.fn();
    const { client } = fakeClient(null);
    (client as { signIn: unknown }).signIn = signIn;
    render(<NameForm client={client} />);
    const input = screen.getByRole('textbox', { name: 'Your name' });
    fireEvent.change(input, { target: { value: SPOOF } });
    expect(screen.getByTestId('name-problem')).toHaveTextContent(
      'A name cannot contain invisible or direction-changing characters (U+202E).',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.submit(input);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('takes 24 emoji (48 UTF-16 units) and refuses a 25th, as the server counts', () => {
    const { client } = fakeClient(null);
    render(<NameForm client={client} />);
    const input = screen.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '😀'.repeat(24) } });
    expect(input.value).toHaveLength(48);
    expect(screen.queryByTestId('name-problem')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    fireEvent.change(input, { target: { value: '😀'.repeat(25) } });
    expect(screen.getByTestId('name-problem')).toHaveTextContent(
      'A name has at most 24 characters.',
    );
  });
});
