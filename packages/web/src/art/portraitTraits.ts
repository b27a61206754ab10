/**
 * Who each gangster and Boss looks like: a hand-picked set of traits per card, drawn by
 * portrait.ts. Chosen to echo the card's nickname (the Professor wears glasses, Ears has
 * headphones) and so that no two members of a family share hat, hair and accessory: each must be
 * told apart from the others at the rivals' chip size.
 */

export type Hat =
  | 'none'
  | 'fedora'
  | 'bowler'
  | 'flatCap'
  | 'beanie'
  | 'ushanka'
  | 'cowboy'
  | 'baseball'
  | 'peaked'
  | 'bandana';
export type Hair =
  | 'bald'
  | 'short'
  | 'slick'
  | 'long'
  | 'bob'
  | 'bun'
  | 'topknot'
  | 'curls'
  | 'mohawk'
  | 'spiky'
  | 'ponytail';
export type Face = 'round' | 'long' | 'wide' | 'square';
export type Collar = 'suit' | 'turtleneck' | 'hoodie' | 'mandarin' | 'openShirt' | 'jacket';
export type Beard = 'none' | 'moustache' | 'beard' | 'goatee' | 'stubble';
export type Eyes = 'plain' | 'sunglasses' | 'glasses' | 'eyepatch' | 'headset' | 'headphones';
export type Extra =
  | 'none'
  | 'cigarette'
  | 'cigar'
  | 'scar'
  | 'earring'
  | 'chain'
  | 'tattoo'
  | 'rose'
  | 'pearls'
  | 'toothpick';

export interface PortraitTraits {
  face: Face;
  hair: Hair;
  hat: Hat;
  collar: Collar;
  beard: Beard;
  eyes: Eyes;
  extra: Extra;
  /** Index into SKIN_TONES. */
  skin: 0 | 1 | 2 | 3 | 4;
  /** Index into HAIR_COLOURS. */
  hairColour: 0 | 1 | 2 | 3 | 4 | 5;
  /** Broad shoulders (the heavies). */
  broad?: boolean;
}

export const SKIN_TONES = ['#f0d6c0', '#dcb08c', '#c08a64', '#8f5e3f', '#5e3b27'] as const;
export const HAIR_COLOURS = [
  '#17130f',
  '#3b2416',
  '#6b2f1a',
  '#b8893e',
  '#8e8a84',
  '#d9d4ca',
] as const;

function t(
  face: Face,
  hair: Hair,
  hat: Hat,
  collar: Collar,
  beard: Beard,
  eyes: Eyes,
  extra: Extra,
  skin: PortraitTraits['skin'],
  hairColour: PortraitTraits['hairColour'],
  broad = false,
): PortraitTraits {
  return { face, hair, hat, collar, beard, eyes, extra, skin, hairColour, broad };
}

/** By card id (the engine's classic set: B1–B5, G01–G35). */
export const PORTRAIT_TRAITS: Record<string, PortraitTraits> = {
  // Bratva: winter steel.
  B1: t('wide', 'short', 'ushanka', 'suit', 'beard', 'plain', 'tattoo', 0, 5, true),
  G01: t('long', 'short', 'beanie', 'turtleneck', 'stubble', 'plain', 'scar', 0, 3),
  G02: t('round', 'bob', 'none', 'jacket', 'none', 'sunglasses', 'earring', 0, 3),
  G03: t('round', 'spiky', 'none', 'hoodie', 'none', 'glasses', 'none', 1, 2),
  G04: t('long', 'bun', 'none', 'turtleneck', 'none', 'headphones', 'none', 0, 1),
  G05: t('square', 'bald', 'none', 'openShirt', 'moustache', 'plain', 'tattoo', 1, 0, true),
  G06: t('round', 'short', 'flatCap', 'suit', 'moustache', 'plain', 'cigarette', 0, 4),
  G07: t('square', 'bald', 'none', 'turtleneck', 'beard', 'plain', 'none', 0, 2, true),
  // Cartel: hot dusk.
  B2: t('wide', 'slick', 'cowboy', 'openShirt', 'moustache', 'plain', 'chain', 2, 4),
  G08: t('long', 'long', 'none', 'jacket', 'none', 'plain', 'earring', 2, 0),
  G09: t('long', 'short', 'peaked', 'suit', 'moustache', 'plain', 'none', 1, 0),
  G10: t('wide', 'short', 'none', 'openShirt', 'beard', 'plain', 'chain', 3, 0, true),
  G11: t('round', 'slick', 'none', 'jacket', 'goatee', 'eyepatch', 'none', 2, 1),
  G12: t('round', 'curls', 'none', 'hoodie', 'none', 'headset', 'none', 2, 1),
  G13: t('long', 'short', 'bandana', 'jacket', 'stubble', 'sunglasses', 'toothpick', 3, 0),
  G14: t('long', 'bun', 'none', 'suit', 'none', 'plain', 'rose', 1, 0),
  // Ghetto Gang: brick and streetlight.
  B3: t('round', 'curls', 'none', 'jacket', 'none', 'sunglasses', 'pearls', 4, 0, true),
  G15: t('square', 'short', 'beanie', 'hoodie', 'stubble', 'plain', 'scar', 3, 0, true),
  G16: t('round', 'ponytail', 'none', 'jacket', 'none', 'headset', 'earring', 3, 2),
  G17: t('long', 'short', 'flatCap', 'suit', 'goatee', 'glasses', 'none', 4, 4),
  G18: t('round', 'short', 'baseball', 'jacket', 'none', 'sunglasses', 'chain', 4, 0),
  G19: t('wide', 'short', 'none', 'hoodie', 'beard', 'headphones', 'none', 3, 1),
  G20: t('long', 'mohawk', 'none', 'openShirt', 'none', 'plain', 'cigarette', 2, 0),
  G21: t('wide', 'bald', 'none', 'jacket', 'beard', 'plain', 'earring', 4, 0, true),
  // Mafia: charcoal and ivory.
  B4: t('long', 'slick', 'fedora', 'suit', 'none', 'plain', 'cigar', 1, 5),
  G22: t('long', 'slick', 'none', 'suit', 'moustache', 'plain', 'toothpick', 0, 0),
  G23: t('square', 'short', 'flatCap', 'turtleneck', 'stubble', 'plain', 'scar', 1, 1, true),
  G24: t('round', 'slick', 'none', 'suit', 'none', 'glasses', 'none', 0, 1),
  G25: t('round', 'short', 'bowler', 'suit', 'moustache', 'glasses', 'none', 0, 2),
  G26: t('wide', 'curls', 'none', 'openShirt', 'stubble', 'plain', 'chain', 1, 0),
  G27: t('long', 'long', 'none', 'suit', 'none', 'plain', 'pearls', 0, 0),
  G28: t('square', 'short', 'fedora', 'jacket', 'beard', 'plain', 'cigarette', 1, 0, true),
  // Triads: lacquer and lantern.
  B5: t('long', 'slick', 'none', 'mandarin', 'goatee', 'glasses', 'earring', 1, 4),
  G29: t('round', 'short', 'none', 'hoodie', 'none', 'headset', 'none', 0, 0),
  G30: t('long', 'bun', 'none', 'mandarin', 'none', 'plain', 'none', 1, 0),
  G31: t('square', 'bald', 'none', 'openShirt', 'none', 'plain', 'tattoo', 1, 0, true),
  G32: t('long', 'long', 'none', 'jacket', 'none', 'sunglasses', 'earring', 0, 5),
  G33: t('round', 'bob', 'none', 'mandarin', 'none', 'plain', 'rose', 0, 0),
  G34: t('round', 'spiky', 'bandana', 'jacket', 'none', 'plain', 'scar', 2, 0),
  G35: t('wide', 'topknot', 'none', 'suit', 'beard', 'plain', 'none', 1, 1, true),
};
