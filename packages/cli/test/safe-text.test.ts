/**
 * Names and chat lines from other players, printed in a terminal: no direction controls (a
 * right-to-left override in a stored name would reverse the rest of the line) and no control
 * characters (an escape sequence).
 */
import { describe, expect, it } from 'vitest';
import { terminalText } from '../src/online/safeText.ts';

describe('terminalText', () => {
  it('drops a right-to-left override and the other direction controls', () => {
    expect(terminalText('\u202EMallory')).toBe('Mallory');
    expect(terminalText('a\u2066b\u2069c\u200Fd\u061Ce')).toBe('abcde');
  });

  it('drops control characters, so a name cannot start an escape sequence', () => {
    expect(terminalText('Bo\u001b[31m red')).toBe('Bo[31m red');
  });

  it('keeps ordinary text, right-to-left scripts and emoji as they are', () => {
    for (const text of ['Alice', 'שלום', 'مرحبا', '👩‍💻 dev', 'I paid $5']) {
      expect(terminalText(text)).toBe(text);
    }
  });
});
