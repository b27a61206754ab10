/**
 * How each skill looks. Colour follows the published cards (Leader yellow, Mercenary grey,
 * Informant green, Sniper red, Brawler purple, Hacker blue); the shape alone also tells the
 * skills apart, for colour-blind players and for print in black and white: a crown, a shield,
 * an eye, a crosshair, a burst (a blow landing) and code brackets "</>", drawn in SkillIcon.tsx.
 */
import type { Skill } from '@gangsta/engine';

export type SkillShape = 'crown' | 'shield' | 'eye' | 'crosshair' | 'burst' | 'code';

export interface SkillStyle {
  shape: SkillShape;
  /** Fill colour of the shape. */
  colour: string;
}

export const SKILL_STYLES: Record<Skill, SkillStyle> = {
  L: { shape: 'crown', colour: '#f2c230' },
  M: { shape: 'shield', colour: '#9aa1a9' },
  I: { shape: 'eye', colour: '#34a853' },
  S: { shape: 'crosshair', colour: '#d93b30' },
  B: { shape: 'burst', colour: '#8a55c9' },
  H: { shape: 'code', colour: '#2f74d8' },
};

/** Outline colour: dark enough to read on light and dark table colours. */
export const SKILL_OUTLINE = '#1b1d23';
