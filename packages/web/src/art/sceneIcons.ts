/**
 * Which game-icons each scene is composed from (by the set's names). scripts/art-icons.mjs
 * reads the quoted names in this file and extracts only those icons into icons.generated.ts.
 */
import type { HeistKind, ResourceEffect } from '@gangsta/engine';

export const HEIST_ICONS: Record<HeistKind, readonly [string, string]> = {
  armoredVan: ['truck', 'money-stack'],
  casino: ['rolling-dices', 'poker-hand'],
  inmateTransfer: ['police-car', 'handcuffs'],
  jewelry: ['cut-diamond', 'gem-necklace'],
  supermarket: ['shopping-cart', 'cash'],
  rivalGangs: ['brass-knuckles', 'crossed-pistols'],
  hackAttack: ['laptop', 'server-rack'],
  drugDealer: ['hooded-figure', 'powder'],
  offshoreInvestments: ['palm-tree', 'banknote'],
  artTheft: ['mona-lisa', 'lockpicks'],
};

export const RESOURCE_ICONS: Record<ResourceEffect, string> = {
  policeStation: 'police-badge',
  blackMarket: 'swap-bag',
  headquarters: 'house',
  counterfeitPrinter: 'banknote',
  privateJet: 'airplane',
  media: 'newspaper',
  highTechEquipment: 'cpu',
  secretSociety: 'hood',
  bank: 'bank',
  bikerGang: 'full-motorcycle-helmet',
  hospital: 'hospital-cross',
  informantNetwork: 'radio-tower',
};

export const SNITCH_ICON = 'rat';

/** The backs: each chapter deck's sign, and the gangster deck's. */
export const BACK_ICONS = {
  chapter1: 'street-light',
  chapter2: 'crossed-pistols',
  chapter3: 'castle',
  gangster: 'fedora',
} as const;
