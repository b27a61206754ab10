/**
 * The cluster's messages on Redis carry their sender and, for news about one table's copy in
 * memory, the table in plain text before the JSON (src/cluster/messages.ts), so a process
 * drops its own messages and other tables' moves without parsing them.
 */
import { describe, expect, it } from 'vitest';
import {
  type BusMessage,
  openEnvelope,
  readEnvelope,
  writeEnvelope,
} from '../src/cluster/messages.ts';

const round = (message: BusMessage) => readEnvelope(writeEnvelope('process-a', message));

describe('bus envelopes', () => {
  it('name the table of moves, chat and table news, and give the message back whole', () => {
    const moves: BusMessage = { kind: 'moves', table: 'T1', rows: [], changes: [] };
    const envelope = round(moves);
    expect(envelope).toMatchObject({ from: 'process-a', table: 'T1' });
    expect(envelope && openEnvelope(envelope)).toEqual(moves);
    expect(round({ kind: 'table', table: 'T2' })?.table).toBe('T2');
    expect(round({ kind: 'chat', table: 'T3', row: { seq: 1 } as never })?.table).toBe('T3');
  });

  it('name no table for what every process must read (presence, liveness, hand-over)', () => {
    for (const message of [
      { kind: 'alive' },
      { kind: 'presence', table: 'T1', player: 'p', connected: true },
      { kind: 'released', tables: ['T1'] },
      { kind: 'frames', frames: [{ peer: 1, text: '{"a":"b\\nc"}' }] },
    ] as BusMessage[]) {
      const envelope = round(message);
      expect(envelope?.table).toBeNull();
      expect(envelope && openEnvelope(envelope)).toEqual(message);
    }
  });

  it('refuse what is not an envelope, and a broken body, without throwing', () => {
    expect(readEnvelope('{"from":"x","message":{"kind":"alive"}}')).toBeNull();
    expect(readEnvelope('only\none line break')).toBeNull();
    const broken = readEnvelope('process-a\nT1\n{"kind":');
    expect(broken).not.toBeNull();
    expect(broken && openEnvelope(broken)).toBeNull();
  });
});
