/** The protocol's schemas accept the messages peers send and refuse bad ones with a useful problem. */
import { describe, expect, it } from 'vitest';
import {
  createPlayerSchema,
  createTableSchema,
  joinTableSchema,
  LIMITS,
  PROBLEM_MAX,
  PROTOCOL_VERSION,
  parseClientMessage,
  parseServerMessage,
  protocolError,
  tableOptionsSchema,
} from '../src/index.ts';

const json = (value: unknown) => JSON.stringify(value);

describe('client messages', () => {
  it.each([
    ['hello without a token', { type: 'hello', protocol: PROTOCOL_VERSION }],
    ['hello with a token', { type: 'hello', protocol: PROTOCOL_VERSION, token: 'abc' }],
    ['watch', { type: 'watch', table: 't1' }],
    ['watch with the version seen', { type: 'watch', table: 't1', seen: 12 }],
    ['unwatch', { type: 'unwatch', table: 't1' }],
    ['a move', { type: 'move', table: 't1', id: 'm1', seen: 0, move: { type: 'pass', seat: 1 } }],
    ['an undo', { type: 'undo', table: 't1', id: 'u1', seen: 3 }],
    ['a chat line', { type: 'chat', table: 't1', text: 'hello <b>all</b>' }],
  ])('accepts %s', (_what, message) => {
    const parsed = parseClientMessage(json(message));
    expect(parsed.ok).toBe(true);
  });

  it('trims chat lines', () => {
    const parsed = parseClientMessage(json({ type: 'chat', table: 't', text: '  hi  ' }));
    expect(parsed.ok && parsed.message.type === 'chat' && parsed.message.text).toBe('hi');
  });

  it.each([
    ['text that is not JSON', '{"type":', 'not JSON'],
    ['an unknown type', json({ type: 'dance' }), 'type'],
    [
      'a move without a seat',
      json({ type: 'move', table: 't', id: 'm', seen: 0, move: { type: 'pass' } }),
      'move.seat: ',
    ],
    [
      'a negative version',
      json({ type: 'move', table: 't', id: 'm', seen: -1, move: { type: 'pass', seat: 0 } }),
      'seen: ',
    ],
    ['an empty move id', json({ type: 'undo', table: 't', id: '', seen: 0 }), 'id: '],
    [
      'a move id that is too long',
      json({ type: 'undo', table: 't', id: 'x'.repeat(65), seen: 0 }),
      'id: ',
    ],
    ['a blank chat line', json({ type: 'chat', table: 't', text: '   ' }), 'text: '],
    [
      'a chat line that is too long',
      json({ type: 'chat', table: 't', text: 'x'.repeat(LIMITS.chatMax + 1) }),
      'text: ',
    ],
    ['an unknown field', json({ type: 'watch', table: 't', spy: true }), ''],
    [
      'a move with a field the engine does not know',
      json({ type: 'move', table: 't', id: 'm', seen: 0, move: { type: 'pass', seat: 0, x: 1 } }),
      'move: ',
    ],
    [
      'a move of an unknown type',
      json({ type: 'move', table: 't', id: 'm', seen: 0, move: { type: 'fly', seat: 0 } }),
      'move.type: ',
    ],
    [
      'a move nesting 20,000 levels deep',
      `{"type":"move","table":"t","id":"m","seen":0,"move":{"type":"keepResources","seat":0,"cards":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
      'move.cards',
    ],
    [
      'a move naming too many cards',
      json({
        type: 'move',
        table: 't',
        id: 'm',
        seen: 0,
        move: { type: 'keepResources', seat: 0, cards: ['a', 'b', 'c', 'd'] },
      }),
      'move.cards: ',
    ],
    [
      'a token that is too long',
      json({ type: 'hello', protocol: 1, token: 'x'.repeat(129) }),
      'token: ',
    ],
  ])('refuses %s and names the problem', (_what, text, where) => {
    const parsed = parseClientMessage(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem.length).toBeGreaterThan(3);
    expect(parsed.problem.length).toBeLessThanOrEqual(PROBLEM_MAX);
    expect(parsed.problem).toContain(where);
  });
});

it('cuts a problem that quotes what the sender wrote to a bounded length', () => {
  const parsed = parseClientMessage(json({ type: 'watch', table: 't', ['k'.repeat(60_000)]: 1 }));
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.problem.length).toBeLessThanOrEqual(PROBLEM_MAX);
});

describe('server messages', () => {
  const error = protocolError('STALE', 'the table is at version 3, not 2', { version: 3, seen: 2 });

  it.each([
    ['welcome', { type: 'welcome', protocol: 1, player: null }],
    ['an ack', { type: 'ack', table: 't', id: 'm', version: 3 }],
    ['a refusal of a move', { type: 'rejected', table: 't', id: 'm', error }],
    ['an error not tied to a table', { type: 'error', table: null, error }],
    [
      'a chat line',
      {
        type: 'chat',
        table: 't',
        line: { from: 'Ann', seat: 0, text: 'hi', at: '2026-01-01T00:00:00Z' },
      },
    ],
    [
      'a sync before the start',
      { type: 'sync', table: 't', version: 0, frame: null, log: [], chat: [] },
    ],
  ])('accepts %s', (_what, message) => {
    expect(parseServerMessage(json(message)).ok).toBe(true);
  });

  it('refuses an error with an unknown code', () => {
    const parsed = parseServerMessage(
      json({ type: 'error', table: null, error: { ...error, code: 'OOPS' } }),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/^error\.code: /);
  });
});

describe('HTTP bodies', () => {
  const seats = [{ kind: 'host' }, { kind: 'open' }];

  it('fills table options with their defaults', () => {
    expect(tableOptionsSchema.parse({ players: 2 })).toEqual({
      players: 2,
      families: false,
      resources: false,
      expertResources: false,
      minimumPassIncome: false,
      catchUpCash: false,
      privateHeistInfluence: false,
      ruleset: 'online',
    });
  });

  it('R-OPT-4: takes the printed ruleset, refuses an unknown one, and reads none as online', () => {
    expect(tableOptionsSchema.parse({ players: 2, ruleset: 'printed' }).ruleset).toBe('printed');
    expect(tableOptionsSchema.safeParse({ players: 2, ruleset: 'house' }).success).toBe(false);
    // A table stored, or a client written, before the option existed.
    const old = { players: 3, families: true, privateHeistInfluence: true };
    expect(tableOptionsSchema.parse(old)).toMatchObject({ ...old, ruleset: 'online' });
  });

  it('accepts a table with one host seat per player', () => {
    const body = { public: true, options: { players: 2 }, seats };
    expect(createTableSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [
      'a seat count other than the players',
      { public: true, options: { players: 3 }, seats },
      'seats',
    ],
    [
      'no host seat',
      { public: true, options: { players: 2 }, seats: [{ kind: 'open' }, { kind: 'open' }] },
      'seats',
    ],
    ['a custom card set', { public: true, options: { players: 2, cardSet: {} }, seats }, 'options'],
    [
      'a seed chosen by the host',
      { public: true, options: { players: 2, seed: 7 }, seats },
      'options',
    ],
    [
      'an unknown bot level',
      {
        public: true,
        options: { players: 2 },
        seats: [{ kind: 'host' }, { kind: 'bot', level: 'x' }],
      },
      'seats',
    ],
  ])('refuses %s', (_what, body, where) => {
    const parsed = createTableSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(String(parsed.error.issues[0]?.path[0])).toBe(where);
  });

  it('checks names: trimmed, not empty, not too long, no control characters', () => {
    expect(createPlayerSchema.parse({ name: ' Ann ' })).toEqual({ name: 'Ann' });
    for (const name of ['', '  ', 'x'.repeat(LIMITS.nameMax + 1), 'a\nb']) {
      expect(createPlayerSchema.safeParse({ name }).success).toBe(false);
    }
  });

  it('checks a join: a seat number within the table, an invitation of bounded size', () => {
    expect(joinTableSchema.safeParse({}).success).toBe(true);
    expect(joinTableSchema.safeParse({ seat: 4 }).success).toBe(false);
    expect(joinTableSchema.safeParse({ invite: 'x'.repeat(65) }).success).toBe(false);
  });
});
