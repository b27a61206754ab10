/**
 * English display names for the things the card data names by code: families, heist kinds,
 * resource effects and the members' nicknames. The names of cards are the browser's English
 * ones, from the engine (`MEMBER_NAMES`, `HEIST_TITLES`, `RESOURCE_TITLES`, and the skills'
 * SKILL_NAMES), so a player reads "Sal the Whisper" in both; the rest are the terminal's own
 * words (the command line is English only).
 */
import {
  type Family,
  HEIST_TITLES,
  type HeistKind,
  RESOURCE_TITLES,
  type ResourceEffect,
} from '@gangsta/engine';

export { MEMBER_NAMES, SKILL_NAMES } from '@gangsta/engine';

export const FAMILY_NAMES: Record<Family, string> = {
  bratva: 'Bratva',
  cartel: 'Cartel',
  ghettoGang: 'Ghetto Gang',
  mafia: 'Mafia',
  triads: 'Triads',
};

/** Heist titles and resource names: the browser's English words (the engine's `cards/names.ts`). */
export const HEIST_KIND_NAMES: Record<HeistKind, string> = HEIST_TITLES;

export const RESOURCE_NAMES: Record<ResourceEffect, string> = RESOURCE_TITLES;

/** Our own one-line summaries of what each resource does once active (R-RES-2). */
export const RESOURCE_EFFECT_TEXT: Record<ResourceEffect, string> = {
  policeStation: 'a snitch never costs you more than $1',
  blackMarket: '+$2 whenever you pass',
  headquarters: 'during mobilization, pay $1 once to ready the whole gang',
  counterfeitPrinter: '+$1 at the start of each of your turns, until the gang war',
  privateJet: 'after a cooperative heist you took part in, ready one member',
  media: 'at the end, +1 IP per heist that gave you IP (at most 7)',
  highTechEquipment: 'drop one icon from an Art theft or Hack attack you start',
  secretSociety: 'at the end of your turn, ready one of your Leaders',
  bank: 'keep up to $10 safe from theft and snitches',
  bikerGang: 'peek at the top heist; you may do it for $1',
  hospital: 'your eliminated members wait here; bring them back when you pass',
  informantNetwork: 'peek at the top gangster; you may recruit it',
};

export const CHAPTER_NAMES: Record<1 | 2 | 3, string> = {
  1: 'I (Genesis)',
  2: 'II (Gang War)',
  3: 'III (Domination)',
};
