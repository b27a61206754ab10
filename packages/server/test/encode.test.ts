/** The frame encoder gives the same JSON as JSON.stringify (key order aside), minus an update's card set. */
import { createGame, viewFor } from '@gangsta/engine';
import type { ServerMessage } from '@gangsta/protocol';
import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../src/tables/watchers/encode.ts';

describe('encodeMessage', () => {
  const created = createGame({ players: 3, seed: 11 });
  if (!created.ok) throw new Error(created.error.message);
  const frame = {
    seat: 1,
    moveCount: 0,
    view: viewFor(created.state, 1),
    legal: [],
    canUndo: false,
    deciding: [0],
    over: false,
  };

  it.each<[string, ServerMessage]>([
    ['a sync with a frame', { type: 'sync', table: 't', version: 0, frame, log: [], chat: [] }],
    [
      'a sync before the start',
      { type: 'sync', table: 't', version: 0, frame: null, log: [], chat: [] },
    ],
    ['an ack', { type: 'ack', table: 't', id: 'm', version: 3 }],
  ])('encodes %s as JSON.stringify would', (_what, message) => {
    const text = encodeMessage(message);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(message)));
  });

  it('reuses the card set’s JSON from one sync to the next', () => {
    const message: ServerMessage = {
      type: 'sync',
      table: 't',
      version: 1,
      frame,
      log: [],
      chat: [],
    };
    const first = encodeMessage(message);
    expect(encodeMessage(message)).toBe(first);
    expect(first).toContain(JSON.stringify(created.state.cards));
  });

  it('leaves the card set out of an update (it came with the sync)', () => {
    const message: ServerMessage = {
      type: 'update',
      table: 't',
      from: 0,
      version: 1,
      moves: [],
      frame,
    };
    const sent = JSON.parse(encodeMessage(message));
    expect(sent.frame.view.cards).toBeUndefined();
    const { cards: _cards, ...view } = frame.view;
    expect(sent).toEqual(JSON.parse(JSON.stringify({ ...message, frame: { ...frame, view } })));
  });
});
