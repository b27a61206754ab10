/**
 * The cards' English names, as the browser shows them: the Bosses' and gangsters' nicknames by
 * card id (the classic set), the heists' titles by kind and the resource cards' names by
 * effect. Card data carries no prose, so these are words for people only; the command line
 * names cards with them, the card id after the name for typing.
 *
 * The web client's English locale (packages/web/src/i18n/locales/en.json: `gangsters`,
 * `heists`, `resources.*.name`) holds the same words for i18next, beside the other languages'
 * translations; `packages/cli/test/card-names.test.ts` fails when the two differ.
 */
import type { HeistKind, ResourceEffect } from './schema.ts';

/** Nicknames of the classic set's Bosses and gangsters, by card id. */
export const MEMBER_NAMES: Readonly<Record<string, string>> = {
  B1: 'Papa Volkov',
  B2: 'Don Ramón Oro',
  B3: 'Big Mama Royce',
  B4: 'Don Vittorio Sabbia',
  B5: 'Mister Jade',
  G01: 'Frostbite Fyodor',
  G02: 'Katya Two-Shots',
  G03: 'Pavel the Pixel',
  G04: 'Lena Wiretap',
  G05: 'Boris the Anvil',
  G06: 'Comrade Samovar',
  G07: 'Grigor the Tank',
  G08: 'Lucía La Mira',
  G09: 'Capitán Flaco',
  G10: 'Toro Mendoza',
  G11: 'Ojo Silva',
  G12: 'Nacho Bytes',
  G13: 'El Coyote',
  G14: 'Doña Espina',
  G15: 'Knuckles',
  G16: 'Dee Dial-Up',
  G17: 'Professor Slim',
  G18: 'Double-Tap Tyrell',
  G19: 'Ears Jackson',
  G20: 'Smokey Reyes',
  G21: 'Tiny',
  G22: 'Sal the Whisper',
  G23: 'Vinnie Two-Fists',
  G24: 'Nicky Abacus',
  G25: 'Tommy Ledger',
  G26: 'Frankie Confessional',
  G27: 'Madonna Carmela',
  G28: 'Luca Lupara',
  G29: 'Ghost Byte',
  G30: 'Iron Lotus',
  G31: 'Red Pole Chen',
  G32: 'Silver Needle',
  G33: 'Paper Fan Lin',
  G34: 'Typhoon Wu',
  G35: 'Tiger Mah',
};

export const HEIST_TITLES: Readonly<Record<HeistKind, string>> = {
  armoredVan: 'Armored Van',
  casino: 'Casino',
  inmateTransfer: 'Prisoner Transfer',
  jewelry: 'Jewelry Store',
  supermarket: 'Supermarket',
  rivalGangs: 'Rival Gangs',
  hackAttack: 'Hack Attack',
  drugDealer: 'Drug Dealer',
  offshoreInvestments: 'Offshore Investments',
  artTheft: 'Art Theft',
};

export const RESOURCE_TITLES: Readonly<Record<ResourceEffect, string>> = {
  policeStation: 'Police Station',
  blackMarket: 'Black Market',
  headquarters: 'Headquarters',
  counterfeitPrinter: 'Counterfeit Printer',
  privateJet: 'Private Jet',
  media: 'Media',
  highTechEquipment: 'High-Tech Equipment',
  secretSociety: 'Secret Society',
  bank: 'Bank',
  bikerGang: 'Biker Gang',
  hospital: 'Hospital',
  informantNetwork: 'Informant Network',
};
