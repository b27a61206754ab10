/**
 * The colours of ART.md's palettes, in one place for the portrait and scene generators (the
 * card frames in cards.css repeat the deep and main tones as CSS variables).
 */
import type { Family } from '@gangsta/engine';

export interface Palette {
  /** Frame, name plate, darkest shadow. */
  deep: string;
  /** The family's or chapter's own colour. */
  main: string;
  /** Sky and paper tint. */
  light: string;
  /** The one detail that catches the light. */
  accent: string;
}

export const FAMILY_PALETTES: Record<Family, Palette> = {
  bratva: { deep: '#14233a', main: '#3f6fa3', light: '#dce6f1', accent: '#c8d3df' },
  cartel: { deep: '#40230a', main: '#d88a1c', light: '#f6e4c1', accent: '#8c3a12' },
  ghettoGang: { deep: '#3a170c', main: '#a4532f', light: '#f1dccf', accent: '#2f8f6b' },
  mafia: { deep: '#131317', main: '#2d2d33', light: '#e9e4d8', accent: '#b08a3e' },
  triads: { deep: '#3a090d', main: '#b3202a', light: '#f4dad3', accent: '#1f7a62' },
};

export type Chapter = 1 | 2 | 3;

export const CHAPTER_PALETTES: Record<Chapter, Palette> = {
  1: { deep: '#3a2f17', main: '#8a7440', light: '#f2e8cf', accent: '#e8c25a' },
  2: { deep: '#3b160b', main: '#9a4a26', light: '#f3dccd', accent: '#f0a24a' },
  3: { deep: '#24102e', main: '#5b2a6e', light: '#eadcf0', accent: '#c9a0e0' },
};

export const SNITCH_PALETTE: Palette = {
  deep: '#17171c',
  main: '#2b2b33',
  light: '#6b6b78',
  accent: '#b3202a',
};

export const RESOURCE_PALETTE: Palette = {
  deep: '#1d3b3d',
  main: '#3c6e71',
  light: '#dcebea',
  accent: '#e8c25a',
};

/** Ivory for text on a deep tone, ink for text on paper (ART.md, "Palettes"). */
export const IVORY = '#f6f1e4';
export const INK = '#1b1d23';
