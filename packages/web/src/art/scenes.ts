/**
 * Scenes for the cards that have no portrait: a heist of each kind in each chapter's tones,
 * snitches, resource cards, and the backs of the three chapter decks and the gangster deck.
 * Each is composed from one or two game-icons silhouettes (icons.generated.ts) and our own
 * shapes: a night sky, a skyline, a spotlight, and the chapter's weather (fog, rain, stars).
 * Pure and deterministic; scripts/art.ts writes them as files.
 */
import { FAMILIES, type HeistKind, type ResourceEffect } from '@gangsta/engine';
import { GAME_ICONS } from './icons.generated.ts';
import {
  CHAPTER_PALETTES,
  type Chapter,
  FAMILY_PALETTES,
  IVORY,
  type Palette,
  RESOURCE_PALETTE,
  SNITCH_PALETTE,
} from './palettes.ts';
import { BACK_ICONS, HEIST_ICONS, RESOURCE_ICONS, SNITCH_ICON } from './sceneIcons.ts';

const W = 160;
const H = 100;

/** A small seeded generator, so a scene's skyline is the same on every build. */
function seeded(text: string): () => number {
  let state = 2166136261;
  for (const char of text) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** One game-icon (512×512) drawn `size` wide with its top-left corner at (x, y). */
function icon(name: string, x: number, y: number, size: number, fill: string, extra = ''): string {
  const body = GAME_ICONS[name];
  if (body === undefined)
    throw new Error(`icon ${name} was not extracted (run scripts/art-icons.mjs)`);
  const scale = (size / 512).toFixed(4);
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="${fill}"${extra}>${body}</g>`;
}

function skyline(seed: string, p: Palette, base: number): string {
  const random = seeded(seed);
  const blocks: string[] = [];
  let x = -2;
  while (x < W) {
    const width = 8 + Math.floor(random() * 14);
    const height = 10 + Math.floor(random() * 26);
    blocks.push(`M${x} ${base}V${base - height}h${width}V${base}Z`);
    x += width + Math.floor(random() * 3);
  }
  const windows: string[] = [];
  for (let i = 0; i < 14; i++) {
    windows.push(
      `M${Math.floor(random() * W)} ${base - 6 - Math.floor(random() * 18)}h2.4v3h-2.4z`,
    );
  }
  return `<path fill="${p.deep}" opacity="0.85" d="${blocks.join('')}"/><path fill="${p.accent}" opacity="0.7" d="${windows.join('')}"/>`;
}

function weather(chapter: Chapter, seed: string): string {
  const random = seeded(`${seed}-weather`);
  if (chapter === 1) {
    // Morning fog in long bands.
    return `<path fill="${IVORY}" opacity="0.16" d="M0 58q40 -6 80 0t80 0v6q-40 6 -80 0t-80 0zM0 72q40 -5 80 0t80 0v5q-40 5 -80 0t-80 0z"/>`;
  }
  if (chapter === 2) {
    const streaks: string[] = [];
    for (let i = 0; i < 26; i++) {
      const x = Math.floor(random() * (W + 20));
      const y = Math.floor(random() * 80);
      streaks.push(`M${x} ${y}l-4 10`);
    }
    return `<path stroke="${IVORY}" stroke-width="0.7" opacity="0.35" d="${streaks.join('')}"/>`;
  }
  const stars: string[] = [];
  for (let i = 0; i < 20; i++) {
    stars.push(
      `<circle cx="${Math.floor(random() * W)}" cy="${Math.floor(random() * 45)}" r="${(0.4 + random() * 0.7).toFixed(2)}"/>`,
    );
  }
  return `<g fill="${IVORY}" opacity="0.75">${stars.join('')}</g>`;
}

/** Night sky, moon, spotlight and skyline: the stage every scene stands on. */
function stage(p: Palette, seed: string, chapter: Chapter | null): string {
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.deep}"/><stop offset="1" stop-color="${p.main}"/></linearGradient><radialGradient id="pool" cx="0.42" cy="0.62" r="0.55"><stop offset="0" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="134" cy="20" r="9" fill="${p.light}" opacity="0.85"/><circle cx="138" cy="17" r="8" fill="${p.deep}" opacity="0.55"/>`,
    chapter ? weather(chapter, seed) : '',
    skyline(seed, p, 86),
    `<path fill="${p.light}" opacity="0.1" d="M20 0L0 0L48 100H118Z"/>`,
    `<rect width="${W}" height="${H}" fill="url(#pool)"/>`,
    `<rect y="86" width="${W}" height="14" fill="${p.deep}"/>`,
  ].join('');
}

function svg(width: number, height: number, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${content}</svg>`;
}

/** The scene of a heist of `kind` in `chapter`. */
export function heistSceneSvg(kind: HeistKind, chapter: Chapter): string {
  const p = CHAPTER_PALETTES[chapter];
  const [main, second] = HEIST_ICONS[kind];
  return svg(
    W,
    H,
    [
      stage(p, `${kind}-${chapter}`, chapter),
      `<ellipse cx="70" cy="88" rx="38" ry="4" fill="#000" opacity="0.35"/>`,
      icon(main, 40, 26, 62, p.light),
      icon(second, 98, 46, 38, p.accent, ' opacity="0.95"'),
    ].join(''),
  );
}

export function snitchSceneSvg(chapter: Chapter): string {
  const p = { ...SNITCH_PALETTE, accent: CHAPTER_PALETTES[chapter].accent };
  return svg(
    W,
    H,
    [
      stage(p, `snitch-${chapter}`, chapter),
      // A rat caught in a police searchlight.
      `<path fill="${IVORY}" opacity="0.2" d="M160 0H140L60 96H120Z"/>`,
      `<ellipse cx="86" cy="89" rx="30" ry="4" fill="#000" opacity="0.45"/>`,
      icon(SNITCH_ICON, 56, 32, 58, IVORY),
      `<circle cx="30" cy="40" r="3" fill="${SNITCH_PALETTE.accent}"/><circle cx="40" cy="40" r="3" fill="${SNITCH_PALETTE.accent}"/>`,
    ].join(''),
  );
}

export function resourceSceneSvg(effect: ResourceEffect): string {
  const p = RESOURCE_PALETTE;
  return svg(
    W,
    H,
    [
      stage(p, `resource-${effect}`, null),
      `<ellipse cx="80" cy="88" rx="34" ry="4" fill="#000" opacity="0.35"/>`,
      icon(RESOURCE_ICONS[effect], 50, 24, 62, p.light),
    ].join(''),
  );
}

/** The numeral of a chapter drawn as bars, so a back needs no font. */
function numeral(chapter: Chapter, colour: string): string {
  const bars: string[] = [];
  const width = 5;
  const gap = 4;
  const total = chapter * width + (chapter - 1) * gap;
  for (let i = 0; i < chapter; i++) {
    bars.push(`M${50 - total / 2 + i * (width + gap)} 96h${width}v18h-${width}z`);
  }
  return `<path fill="${colour}" d="${bars.join('')}M${50 - total / 2 - 4} 94h${total + 8}v2.5h-${total + 8}zM${50 - total / 2 - 4} 113.5h${total + 8}v2.5h-${total + 8}z"/>`;
}

/** An art-deco frame: two inset borders and corner fans. */
function decoFrame(p: Palette): string {
  const fan = (x: number, y: number, sx: number, sy: number) =>
    `<path fill="none" stroke="${p.accent}" stroke-width="1" transform="translate(${x} ${y}) scale(${sx} ${sy})" d="M0 10A10 10 0 0 1 10 0M0 16A16 16 0 0 1 16 0M0 22A22 22 0 0 1 22 0"/>`;
  return [
    `<rect x="5" y="5" width="90" height="130" rx="5" fill="none" stroke="${p.accent}" stroke-width="1.6"/>`,
    `<rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="${p.accent}" stroke-width="0.6" opacity="0.8"/>`,
    fan(9, 9, 1, 1),
    fan(91, 9, -1, 1),
    fan(9, 131, 1, -1),
    fan(91, 131, -1, -1),
  ].join('');
}

export function chapterBackSvg(chapter: Chapter): string {
  const p = CHAPTER_PALETTES[chapter];
  const sign = BACK_ICONS[`chapter${chapter}`];
  return svg(
    100,
    140,
    [
      `<defs><radialGradient id="glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient></defs>`,
      `<rect width="100" height="140" rx="6" fill="url(#glow)"/>`,
      decoFrame(p),
      `<circle cx="50" cy="56" r="27" fill="${p.deep}" stroke="${p.accent}" stroke-width="1.5"/>`,
      icon(sign, 30, 36, 40, p.accent),
      numeral(chapter, p.accent),
    ].join(''),
  );
}

export function gangsterBackSvg(): string {
  const stripes = FAMILIES.map(
    (family, index) =>
      `<rect x="${10 + index * 16}" y="10" width="16" height="120" fill="${FAMILY_PALETTES[family].main}" opacity="0.8"/>`,
  ).join('');
  const p: Palette = { deep: '#14161b', main: '#2d2d33', light: IVORY, accent: '#e8c25a' };
  return svg(
    100,
    140,
    [
      `<rect width="100" height="140" rx="6" fill="${p.deep}"/>`,
      stripes,
      `<rect x="10" y="10" width="80" height="120" fill="${p.deep}" opacity="0.35"/>`,
      decoFrame(p),
      `<circle cx="50" cy="70" r="26" fill="${p.deep}" stroke="${p.accent}" stroke-width="1.5"/>`,
      icon(BACK_ICONS.gangster, 30, 50, 40, p.accent),
    ].join(''),
  );
}
