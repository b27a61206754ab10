/**
 * The keys of the per-address limits (IPv6 by /64, IPv4-mapped as IPv4) and the WebSocket
 * upgrade pace on a hand-driven clock: a burst at once, then each early client told its own
 * slot, and a crowd that honours the slots is admitted in full, none of them refused twice.
 */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/addressKey.ts';
import { UpgradePacer } from '../src/security/upgrades.ts';

describe('address keys', () => {
  it('keys IPv4 as itself, IPv4-mapped IPv6 as IPv4, and any other IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the upgrade pace', () => {
  it('admits a burst, then tells each early client its own slot, then refuses', () => {
    // 3 at once, then one a second.
    const at = 1_000_000;
    const pacer = new UpgradePacer(3, 60, () => at);
    const decisions = Array.from({ length: 8 }, () => pacer.decide('a', at));
    expect(decisions.slice(0, 3)).toEqual([
      { kind: 'admit' },
      { kind: 'admit' },
      { kind: 'admit' },
    ]);
    // The next three get slots one second apart; beyond a whole burst ahead: refused.
    expect(decisions.slice(3, 6)).toEqual([
      { kind: 'later', retryMs: 1000 },
      { kind: 'later', retryMs: 2000 },
      { kind: 'later', retryMs: 3000 },
    ]);
    expect(decisions[6]).toMatchObject({ kind: 'refuse' });
    expect(decisions[7]).toMatchObject({ kind: 'refuse' });
    // Another address is not affected.
    expect(pacer.decide('b', at)).toEqual({ kind: 'admit' });
  });

  it('admits a whole storm that honours the slots, each told client at its first return', () => {
    let now = 0;
    const pacer = new UpgradePacer(5, 60, () => now);
    // 40 clients behind one address drop at once; each comes back when it was told (or, when
    // refused outright, after its retryMs like the web client's backoff would at least wait).
    const due = new Map<number, number>(Array.from({ length: 40 }, (_, i) => [i, 0]));
    const admitted: number[] = [];
    const toldTwice: number[] = [];
    const told = new Set<number>();
    while (due.size > 0) {
      now = Math.min(...due.values());
      for (const [client, when] of [...due]) {
        if (when > now) continue;
        const decision = pacer.decide('nat', now);
        if (decision.kind === 'admit') {
          admitted.push(client);
          due.delete(client);
          continue;
        }
        if (decision.kind === 'later') {
          if (told.has(client)) toldTwice.push(client);
          told.add(client);
        }
        due.set(client, now + decision.retryMs);
      }
    }
    expect(admitted.sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    // A client given a slot is admitted when it comes back at it.
    expect(toldTwice).toEqual([]);
    // At the pace set: 5 at once, then one a second, so the last one after 35 s.
    expect(now).toBe(35_000);
  });

  it('is off with 0 upgrades per minute', () => {
    const pacer = new UpgradePacer(1, 0, () => 0);
    for (let i = 0; i < 100; i++) expect(pacer.decide('a', 0)).toEqual({ kind: 'admit' });
  });
});
