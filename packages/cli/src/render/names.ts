/**
 * English display names for the things the card data names by code: families, heist kinds and
 * resource effects (the skills' names are the engine's SKILL_NAMES, re-exported here). The card
 * data carries no prose, so the terminal keeps its own words here (the web client has its
 * translations; the command line is English only).
 */
import type { Family, HeistKind, ResourceEffect } from '@gangsta/engine';

export { SKILL_NAMES } from '@gangsta/engine';

export const FAMILY_NAMES: Record<Family, string> = {
  bratva: 'Bratva',
  cartel: 'Cartel',
  ghettoGang: 'Ghetto Gang',
  mafia: 'Mafia',
  triads: 'Triads',
};

export const HEIST_KIND_NAMES: Record<HeistKind, string> = {
  armoredVan: 'Armored van',
  casino: 'Casino',
  inmateTransfer: 'Inmate transfer',
  jewelry: 'Jewelry',
  supermarket: 'Supermarket',
  rivalGangs: 'Rival gangs',
  hackAttack: 'Hack attack',
  drugDealer: 'Drug dealer',
  offshoreInvestments: 'Offshore investments',
  artTheft: 'Art theft',
};

export const RESOURCE_NAMES: Record<ResourceEffect, string> = {
  policeStation: 'Police station',
  blackMarket: 'Black market',
  headquarters: 'Headquarters',
  counterfeitPrinter: 'Counterfeit printer',
  privateJet: 'Private jet',
  media: 'Media',
  highTechEquipment: 'High-tech equipment',
  secretSociety: 'Secret society',
  bank: 'Bank',
  bikerGang: 'Biker gang',
  hospital: 'Hospital',
  informantNetwork: 'Informant network',
};

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
