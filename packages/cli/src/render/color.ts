/**
 * Terminal colours. They are on only when the stream is a terminal and NO_COLOR is unset
 * (https://no-color.org); FORCE_COLOR=1 turns them on anyway (for screenshots). Every
 * renderer takes a Palette so tests and pipes get plain text.
 */
import type { Skill } from '@gangsta/engine';

type Paint = (text: string) => string;

export interface Palette {
  enabled: boolean;
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  blue: Paint;
  magenta: Paint;
  cyan: Paint;
  gray: Paint;
  /** A skill letter in the colour the published cards give it. */
  skill: (skill: Skill, text?: string) => string;
}

function code(open: number, close: number, enabled: boolean): Paint {
  return enabled ? (text) => `\u001b[${open}m${text}\u001b[${close}m` : (text) => text;
}

export function makePalette(enabled: boolean): Palette {
  const p = {
    enabled,
    bold: code(1, 22, enabled),
    dim: code(2, 22, enabled),
    red: code(31, 39, enabled),
    green: code(32, 39, enabled),
    yellow: code(33, 39, enabled),
    blue: code(34, 39, enabled),
    magenta: code(35, 39, enabled),
    cyan: code(36, 39, enabled),
    gray: code(90, 39, enabled),
  };
  // Leader yellow, Mercenary grey, Sniper red, Hacker blue, Brawler purple, Informant green.
  const bySkill: Record<Skill, Paint> = {
    L: p.yellow,
    M: p.gray,
    S: p.red,
    H: p.blue,
    B: p.magenta,
    I: p.green,
  };
  return { ...p, skill: (skill, text = skill) => bySkill[skill](text) };
}

/** Whether to colour what goes to `stream` (stdout or stderr). */
export function colorWanted(stream: NodeJS.WriteStream, env = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

export const PLAIN = makePalette(false);

/** Strips ANSI colour codes (to measure the visible width of a painted string). */
export function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the escape is the point
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleLength(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - visibleLength(text))) + text;
}
