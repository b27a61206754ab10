/**
 * Our own portrait generator: a head-and-shoulders silhouette in the family's palette, lit from
 * the left like a noir still (ART.md). Pure and deterministic: the same card gives the same SVG
 * text, game after game. scripts/art.ts writes one file per gangster and Boss; the app shows
 * them as images, so none of this code ships in the app's JavaScript.
 */
import type { Family } from '@gangsta/engine';
import { FAMILY_PALETTES, INK, IVORY, type Palette } from './palettes.ts';
import { HAIR_COLOURS, type PortraitTraits, SKIN_TONES } from './portraitTraits.ts';

const GOLD = '#e8c25a';
const LIP = '#6b3229';

/** Where the head is: centre, half-width, half-height, and the derived lines of the face. */
interface Head {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  top: number;
  chin: number;
  /** Eye line. */
  ey: number;
  /** Mouth line. */
  my: number;
  /** Where the neck meets the shoulders. */
  nb: number;
}

/** Half-width and half-height of the head for each face shape. */
const FACE_RADII: Readonly<Record<PortraitTraits['face'], readonly [rx: number, ry: number]>> = {
  round: [15, 17],
  long: [13, 19],
  wide: [17.5, 16.5],
  square: [15.5, 17.5],
};

function headOf(traits: PortraitTraits): Head {
  const [rx, ry] = FACE_RADII[traits.face];
  const cx = 50;
  const cy = traits.broad ? 45 : 46;
  return {
    cx,
    cy,
    rx,
    ry,
    top: cy - ry,
    chin: cy + ry,
    ey: cy - 1,
    my: cy + ry * 0.55,
    nb: traits.broad ? 72 : 75,
  };
}

const n = (value: number) => Number(value.toFixed(1));

/** The head's outline, as a path (used to draw it and to clip its shadow). */
function headPath(h: Head, traits: PortraitTraits): string {
  const { cx, cy, rx, ry } = h;
  if (traits.face === 'square') {
    const r = 7;
    const l = cx - rx;
    const t = cy - ry;
    const w = rx * 2;
    const hh = ry * 2;
    return `M${l + r} ${t}H${l + w - r}Q${l + w} ${t} ${l + w} ${t + r}V${t + hh - r * 1.6}Q${l + w} ${t + hh} ${cx} ${t + hh}Q${l} ${t + hh} ${l} ${t + hh - r * 1.6}V${t + r}Q${l} ${t} ${l + r} ${t}Z`;
  }
  // An egg: a little narrower at the chin than at the brow.
  return `M${cx} ${n(cy - ry)}C${n(cx + rx * 1.1)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy + ry * 0.55)} ${cx} ${n(cy + ry)}C${n(cx - rx)} ${n(cy + ry * 0.55)} ${n(cx - rx * 1.1)} ${n(cy - ry)} ${cx} ${n(cy - ry)}Z`;
}

/** A far skyline per family along the foot of the sky, in the family's colour. */
function skyline(family: Family, p: Palette): string {
  const fill = `fill="${p.main}" opacity="0.38"`;
  switch (family) {
    case 'bratva': // onion domes and a block
      return `<path ${fill} d="M0 100V70h12v-8h10v8h8V58q0-7 6-10q6 3 6 10v42zM66 100V60q0-8 7-11q7 3 7 11v40zM84 100V66h16v34z"/><path fill="${p.main}" opacity="0.38" d="M35 48v-6M73 49v-6" stroke="${p.main}" stroke-width="1.4"/>`;
    case 'cartel': // a cactus and an arcade
      return `<path ${fill} d="M6 100V70q0-4 3-4t3 4v8h4v-6q0-3 2-3t2 3v10h-6v18zM62 100V72h38v28h-4v-12q0-5-5-5t-5 5v12h-6v-12q0-5-5-5t-5 5v12z"/>`;
    case 'ghettoGang': // tenements with lit windows
      return `<path ${fill} d="M0 100V58h20v42zM78 100V52h22v48z"/><path fill="${p.accent}" opacity="0.55" d="M4 62h4v5H4zM12 62h4v5h-4zM4 72h4v5H4zM82 56h4v5h-4zM90 66h4v5h-4zM82 76h4v5h-4z"/>`;
    case 'mafia': // brownstones and a street lamp
      return `<path ${fill} d="M0 100V62h8l4-4 4 4h8v38zM76 100V66h24v34z"/><path fill="none" stroke="${p.main}" stroke-width="1.6" opacity="0.5" d="M88 100V40q0-4-5-4"/><circle cx="82" cy="38" r="2.6" fill="${GOLD}" opacity="0.7"/>`;
    case 'triads': // pagoda roofs and a lantern
      return `<path ${fill} d="M2 100V74h14v26zM-2 74q9-3 11-9q2 6 11 9zM0 64h18l-9-7zM80 100V70h18v30zM76 70q11-3 13-9q2 6 13 9z"/><ellipse cx="66" cy="40" rx="4" ry="5" fill="${p.accent}" opacity="0.55"/><path stroke="${p.main}" stroke-width="0.8" opacity="0.5" d="M66 30v5"/>`;
  }
}

function hairBehind(h: Head, traits: PortraitTraits, colour: string): string {
  const { cx, cy, rx, top, chin } = h;
  switch (traits.hair) {
    case 'long':
      return `<path fill="${colour}" d="M${cx - rx - 2} ${cy}C${cx - rx - 4} ${top - 4} ${cx + rx + 4} ${top - 4} ${cx + rx + 2} ${cy}L${cx + rx + 6} ${chin + 16}Q${cx} ${chin + 10} ${cx - rx - 6} ${chin + 16}Z"/>`;
    case 'bob':
      return `<path fill="${colour}" d="M${cx - rx - 3} ${cy}C${cx - rx - 4} ${top - 5} ${cx + rx + 4} ${top - 5} ${cx + rx + 3} ${cy}L${cx + rx + 3} ${chin - 4}Q${cx + rx} ${chin - 1} ${cx + rx - 3} ${chin - 3}L${cx - rx + 3} ${chin - 3}Q${cx - rx} ${chin - 1} ${cx - rx - 3} ${chin - 4}Z"/>`;
    case 'ponytail':
      return `<path fill="${colour}" d="M${cx + rx - 2} ${top + 6}q14 2 12 18q-1 10 -6 16q1 -12 -8 -20z"/>`;
    case 'curls':
      return [-1, -0.6, -0.2, 0.2, 0.6, 1]
        .map(
          (k) =>
            `<circle cx="${n(cx + k * (rx + 2))}" cy="${n(top + 8 + Math.abs(k) * 9)}" r="6.5" fill="${colour}"/>`,
        )
        .join('');
    default:
      return '';
  }
}

/** The hair on the crown, down to the hairline. */
function hairCap(h: Head, colour: string, hairline: number): string {
  const { cx, cy, rx, ry, top } = h;
  const side = cy - ry * 0.15;
  return `<path fill="${colour}" d="M${n(cx - rx - 0.5)} ${n(side)}C${n(cx - rx - 1)} ${top - 4} ${n(cx + rx + 1)} ${top - 4} ${n(cx + rx + 0.5)} ${n(side)}C${n(cx + rx * 0.5)} ${n(hairline)} ${n(cx - rx * 0.6)} ${n(hairline + 1)} ${n(cx - rx - 0.5)} ${n(side)}Z"/>`;
}

function hairFront(h: Head, traits: PortraitTraits, colour: string): string {
  const { cx, cy, rx, ry, top } = h;
  const hairline = cy - ry * 0.5;
  switch (traits.hair) {
    case 'bald':
      return `<ellipse cx="${cx - rx * 0.35}" cy="${top + 5}" rx="${n(rx * 0.4)}" ry="2.4" fill="#fff" opacity="0.3"/>`;
    case 'short':
      return hairCap(h, colour, hairline);
    case 'slick':
      return `${hairCap(h, colour, hairline - 1)}<path fill="none" stroke="#fff" stroke-width="1.1" opacity="0.35" d="M${cx - rx * 0.6} ${top + 4}q${rx * 0.6} -3 ${rx * 1.2} 1"/>`;
    case 'spiky':
      return `${hairCap(h, colour, hairline)}<path fill="${colour}" d="M${cx - rx} ${top + 4}l3 -9l4 6l3 -9l4 8l4 -9l3 8l4 -7l2 9z"/>`;
    case 'mohawk':
      return `<path fill="${colour}" d="M${cx - 4} ${hairline}L${cx - 5} ${top - 9}Q${cx} ${top - 13} ${cx + 5} ${top - 9}L${cx + 4} ${hairline}Z"/>`;
    case 'long':
    case 'bob':
      return `${hairCap(h, colour, hairline + 2)}`;
    case 'bun':
      return `${hairCap(h, colour, hairline)}<circle cx="${cx}" cy="${top - 4}" r="6.5" fill="${colour}"/><path stroke="${GOLD}" stroke-width="1.2" d="M${cx - 9} ${top - 8}l16 7"/>`;
    case 'topknot':
      return `${hairCap(h, colour, hairline)}<circle cx="${cx}" cy="${top - 3}" r="4.2" fill="${colour}"/><rect x="${cx - 3}" y="${top}" width="6" height="2" fill="${GOLD}"/>`;
    case 'curls':
      return [-0.75, -0.25, 0.25, 0.75]
        .map((k) => `<circle cx="${n(cx + k * rx)}" cy="${n(top + 2)}" r="5.5" fill="${colour}"/>`)
        .join('');
    case 'ponytail':
      return hairCap(h, colour, hairline);
  }
}

function hat(h: Head, traits: PortraitTraits, p: Palette): string {
  const { cx, rx, top } = h;
  const dark = p.deep;
  switch (traits.hat) {
    case 'none':
      return '';
    case 'fedora':
      return `<ellipse cx="${cx}" cy="${top + 5}" rx="${rx + 12}" ry="4" fill="${dark}"/><path fill="${dark}" d="M${cx - rx + 1} ${top + 5}L${cx - rx + 3} ${top - 10}Q${cx - 4} ${top - 14} ${cx} ${top - 9}Q${cx + 4} ${top - 14} ${cx + rx - 3} ${top - 10}L${cx + rx - 1} ${top + 5}Z"/><path fill="${p.accent}" d="M${cx - rx + 1.4} ${top}H${cx + rx - 1.4}L${cx + rx - 1} ${top + 3.5}H${cx - rx + 1}Z"/>`;
    case 'bowler':
      return `<path fill="${dark}" d="M${cx - rx - 1} ${top + 6}C${cx - rx - 1} ${top - 16} ${cx + rx + 1} ${top - 16} ${cx + rx + 1} ${top + 6}Z"/><ellipse cx="${cx}" cy="${top + 6}" rx="${rx + 6}" ry="2.6" fill="${dark}"/>`;
    case 'flatCap':
      return `<path fill="${p.main}" d="M${cx - rx - 2} ${top + 9}C${cx - rx} ${top - 7} ${cx + rx} ${top - 8} ${cx + rx + 3} ${top + 7}L${cx + rx + 2} ${top + 9}Z"/><path fill="${dark}" d="M${cx - rx - 2} ${top + 8}L${cx - rx - 11} ${top + 12}Q${cx - 4} ${top + 14} ${cx + rx - 3} ${top + 9}Z"/>`;
    case 'beanie':
      return `<path fill="${p.main}" d="M${cx - rx - 1.5} ${top + 11}C${cx - rx - 2} ${top - 9} ${cx + rx + 2} ${top - 9} ${cx + rx + 1.5} ${top + 11}Z"/><rect x="${cx - rx - 2}" y="${top + 6}" width="${rx * 2 + 4}" height="6" rx="2" fill="${dark}"/><circle cx="${cx}" cy="${top - 5}" r="3" fill="${dark}"/>`;
    case 'ushanka':
      return `<path fill="${p.accent}" d="M${cx - rx - 4} ${top + 6}L${cx - rx - 4} ${h.ey + 8}Q${cx - rx} ${h.ey + 11} ${cx - rx + 2} ${h.ey + 6}L${cx - rx + 2} ${top + 8}ZM${cx + rx + 4} ${top + 6}L${cx + rx + 4} ${h.ey + 8}Q${cx + rx} ${h.ey + 11} ${cx + rx - 2} ${h.ey + 6}L${cx + rx - 2} ${top + 8}Z"/><path fill="${dark}" d="M${cx - rx - 1} ${top + 4}C${cx - rx - 1} ${top - 14} ${cx + rx + 1} ${top - 14} ${cx + rx + 1} ${top + 4}Z"/><rect x="${cx - rx - 4}" y="${top + 1}" width="${rx * 2 + 8}" height="8" rx="3.5" fill="${p.accent}"/><path fill="${p.main}" d="M${cx} ${top - 6}l1.5 3h3l-2.4 2l1 3l-3.1 -2l-3.1 2l1 -3l-2.4 -2h3z"/>`;
    case 'cowboy':
      return `<path fill="${dark}" d="M${cx - rx - 16} ${top}Q${cx - rx - 8} ${top + 9} ${cx} ${top + 8}Q${cx + rx + 8} ${top + 9} ${cx + rx + 16} ${top}Q${cx + rx + 6} ${top + 4} ${cx} ${top + 4}Q${cx - rx - 6} ${top + 4} ${cx - rx - 16} ${top}Z"/><path fill="${dark}" d="M${cx - rx + 1} ${top + 5}L${cx - rx + 3} ${top - 11}Q${cx} ${top - 5} ${cx + rx - 3} ${top - 11}L${cx + rx - 1} ${top + 5}Z"/><rect x="${cx - rx + 1.5}" y="${top}" width="${rx * 2 - 3}" height="3" fill="${GOLD}"/>`;
    case 'baseball':
      return `<path fill="${p.accent}" d="M${cx - rx - 1} ${top + 8}C${cx - rx - 1} ${top - 10} ${cx + rx + 1} ${top - 10} ${cx + rx + 1} ${top + 8}Z"/><path fill="${dark}" d="M${cx + rx - 2} ${top + 4}Q${cx + rx + 12} ${top + 2} ${cx + rx + 14} ${top + 7}L${cx + rx} ${top + 9}Z"/><circle cx="${cx}" cy="${top - 5}" r="1.6" fill="${dark}"/>`;
    case 'peaked':
      return `<path fill="${dark}" d="M${cx - rx - 4} ${top - 6}L${cx + rx + 4} ${top - 6}L${cx + rx} ${top + 6}L${cx - rx} ${top + 6}Z"/><rect x="${cx - rx}" y="${top + 2}" width="${rx * 2}" height="4" fill="${GOLD}"/><path fill="${INK}" d="M${cx - rx} ${top + 6}Q${cx} ${top + 13} ${cx + rx} ${top + 6}Z"/>`;
    case 'bandana':
      return `<path fill="${p.accent}" d="M${cx - rx - 1} ${h.cy - h.ry * 0.3}C${cx - rx - 2} ${top - 5} ${cx + rx + 2} ${top - 5} ${cx + rx + 1} ${h.cy - h.ry * 0.3}Q${cx} ${h.cy - h.ry * 0.55} ${cx - rx - 1} ${h.cy - h.ry * 0.3}Z"/><path fill="${p.accent}" d="M${cx + rx} ${top + 8}l9 -3l-3 6l5 5l-9 -2z"/>`;
  }
}

function eyes(h: Head, traits: PortraitTraits, p: Palette, hairColour: string): string {
  const { cx, rx, ey } = h;
  const dx = n(rx * 0.4);
  const brow = `<path fill="none" stroke="${hairColour === HAIR_COLOURS[5] ? '#8e8a84' : hairColour}" stroke-width="1.7" stroke-linecap="round" d="M${cx - dx - 3.5} ${ey - 4}l6 -1M${cx + dx - 2.5} ${ey - 5}l6 1"/>`;
  const dots = `<ellipse cx="${cx - dx}" cy="${ey}" rx="1.8" ry="1.3" fill="${INK}"/><ellipse cx="${cx + dx}" cy="${ey}" rx="1.8" ry="1.3" fill="${INK}"/>`;
  switch (traits.eyes) {
    case 'plain':
      return brow + dots;
    case 'sunglasses':
      return `${brow}<rect x="${cx - dx - 5}" y="${ey - 3}" width="10" height="6" rx="2.5" fill="${INK}"/><rect x="${cx + dx - 5}" y="${ey - 3}" width="10" height="6" rx="2.5" fill="${INK}"/><path stroke="${INK}" stroke-width="1.4" d="M${cx - dx + 5} ${ey - 1}H${cx + dx - 5}"/><path stroke="#fff" stroke-width="0.9" opacity="0.6" d="M${cx - dx - 3} ${ey - 1.4}l2.4 -0.8M${cx + dx - 3} ${ey - 1.4}l2.4 -0.8"/>`;
    case 'glasses':
      return `${brow}${dots}<circle cx="${cx - dx}" cy="${ey}" r="4.2" fill="#fff" fill-opacity="0.12" stroke="${INK}" stroke-width="1.3"/><circle cx="${cx + dx}" cy="${ey}" r="4.2" fill="#fff" fill-opacity="0.12" stroke="${INK}" stroke-width="1.3"/><path stroke="${INK}" stroke-width="1.2" d="M${cx - dx + 4.2} ${ey}H${cx + dx - 4.2}"/>`;
    case 'eyepatch':
      return `${brow}<ellipse cx="${cx - dx}" cy="${ey}" rx="1.8" ry="1.3" fill="${INK}"/><path stroke="${INK}" stroke-width="1.2" d="M${cx - rx} ${ey - 8}L${cx + rx} ${ey + 1}"/><ellipse cx="${cx + dx}" cy="${ey + 0.5}" rx="4.4" ry="3.6" fill="${INK}"/>`;
    case 'headset':
      return `${brow}${dots}<path fill="none" stroke="${INK}" stroke-width="2.2" d="M${cx - rx - 1} ${ey + 2}C${cx - rx - 2} ${h.top - 8} ${cx + rx + 2} ${h.top - 8} ${cx + rx + 1} ${ey + 2}"/><rect x="${cx - rx - 4}" y="${ey - 1}" width="5" height="8" rx="2" fill="${p.main}" stroke="${INK}" stroke-width="0.8"/><path fill="none" stroke="${INK}" stroke-width="1.3" d="M${cx - rx - 1} ${ey + 6}Q${cx - rx + 2} ${h.my + 2} ${cx - 4} ${h.my + 1}"/><circle cx="${cx - 4}" cy="${h.my + 1}" r="1.4" fill="${INK}"/>`;
    case 'headphones':
      return `${brow}${dots}<path fill="none" stroke="${INK}" stroke-width="2.6" d="M${cx - rx - 2} ${ey + 1}C${cx - rx - 3} ${h.top - 10} ${cx + rx + 3} ${h.top - 10} ${cx + rx + 2} ${ey + 1}"/><rect x="${cx - rx - 6}" y="${ey - 3}" width="7" height="11" rx="3" fill="${p.accent}" stroke="${INK}" stroke-width="0.9"/><rect x="${cx + rx - 1}" y="${ey - 3}" width="7" height="11" rx="3" fill="${p.accent}" stroke="${INK}" stroke-width="0.9"/>`;
  }
}

function beard(h: Head, traits: PortraitTraits, colour: string): string {
  const { cx, cy, rx, chin, my } = h;
  const jaw = `M${cx - rx + 0.5} ${cy + 1}Q${cx - rx + 1} ${chin + 3} ${cx} ${chin + 4}Q${cx + rx - 1} ${chin + 3} ${cx + rx - 0.5} ${cy + 1}Q${cx + rx - 5} ${my + 1} ${cx} ${my - 1.5}Q${cx - rx + 5} ${my + 1} ${cx - rx + 0.5} ${cy + 1}Z`;
  const moustache = `<path fill="${colour}" d="M${cx - 7} ${my - 0.5}Q${cx - 4} ${my - 5} ${cx} ${my - 3}Q${cx + 4} ${my - 5} ${cx + 7} ${my - 0.5}Q${cx} ${my - 2} ${cx - 7} ${my - 0.5}Z"/>`;
  switch (traits.beard) {
    case 'none':
      return '';
    case 'moustache':
      return moustache;
    case 'beard':
      return `<path fill="${colour}" d="${jaw}"/>${moustache}`;
    case 'goatee':
      return `<path fill="${colour}" d="M${cx - 3.5} ${my + 2}H${cx + 3.5}L${cx} ${chin + 3}Z"/><path fill="${colour}" d="M${cx - 5} ${my - 1}Q${cx} ${my - 4} ${cx + 5} ${my - 1}Q${cx} ${my - 2} ${cx - 5} ${my - 1}Z"/>`;
    case 'stubble':
      return `<path fill="${colour}" opacity="0.28" d="${jaw}"/>`;
  }
}

function extra(h: Head, traits: PortraitTraits, p: Palette): string {
  const { cx, rx, ey, my, nb, top } = h;
  switch (traits.extra) {
    case 'none':
      return '';
    case 'cigarette':
      return `<path stroke="${IVORY}" stroke-width="2" stroke-linecap="round" d="M${cx + 3} ${my + 0.5}l10 2"/><circle cx="${cx + 13.5}" cy="${my + 2.6}" r="1.2" fill="#e2572b"/><path fill="none" stroke="#fff" stroke-width="1.1" opacity="0.55" d="M${cx + 14} ${my}q-3 -5 1 -9q4 -4 0 -9q-3 -4 1 -8"/>`;
    case 'cigar':
      return `<path stroke="#5b3a1f" stroke-width="3" stroke-linecap="round" d="M${cx + 3} ${my + 0.5}l11 1.5"/><circle cx="${cx + 15}" cy="${my + 2}" r="1.4" fill="#e2572b"/><path fill="none" stroke="#fff" stroke-width="1.3" opacity="0.5" d="M${cx + 16} ${my}q-4 -6 1 -11q5 -5 0 -11"/>`;
    case 'scar':
      return `<path fill="none" stroke="#8a2a22" stroke-width="1.3" stroke-linecap="round" d="M${cx - rx * 0.75} ${ey + 2}L${cx - rx * 0.25} ${ey + 10}M${cx - rx * 0.62} ${ey + 5.5}l2.2 -1.4M${cx - rx * 0.45} ${ey + 8}l2.2 -1.4"/>`;
    case 'earring':
      return `<circle cx="${cx - rx - 0.5}" cy="${ey + 8}" r="2" fill="none" stroke="${GOLD}" stroke-width="1.3"/>`;
    case 'chain':
      return `<path fill="none" stroke="${GOLD}" stroke-width="1.8" stroke-dasharray="2 1" d="M${cx - 9} ${nb}Q${cx} ${nb + 13} ${cx + 9} ${nb}"/><circle cx="${cx}" cy="${nb + 7}" r="2.2" fill="${GOLD}"/>`;
    case 'tattoo':
      return `<path fill="${p.deep}" opacity="0.65" d="M${cx + 4} ${nb - 7}l1.2 2.4h2.6l-2.1 1.6l0.8 2.6l-2.5 -1.6l-2.5 1.6l0.8 -2.6l-2.1 -1.6h2.6z"/>`;
    case 'rose':
      return traits.hair === 'bun' || traits.hair === 'bob'
        ? `<circle cx="${cx - rx + 1}" cy="${top + 6}" r="3.4" fill="#b3202a"/><path fill="none" stroke="#6e1016" stroke-width="0.8" d="M${cx - rx} ${top + 5}q2 -1 2 1q0 2 -2 1"/><path fill="#2f6b3a" d="M${cx - rx + 3} ${top + 8}l4 2l-4 1z"/>`
        : `<circle cx="${cx + 15}" cy="${nb + 10}" r="3.2" fill="#b3202a"/><path fill="#2f6b3a" d="M${cx + 15} ${nb + 13}l3 4l-5 -1z"/>`;
    case 'pearls':
      return [-8, -5.3, -2.7, 0, 2.7, 5.3, 8]
        .map(
          (dx) =>
            `<circle cx="${cx + dx}" cy="${n(nb + 1 + (64 - dx * dx) * -0.04 + 3)}" r="1.5" fill="${IVORY}" stroke="#b9ab86" stroke-width="0.4"/>`,
        )
        .join('');
    case 'toothpick':
      return `<path stroke="#d8c8a0" stroke-width="1.1" stroke-linecap="round" d="M${cx + 3} ${my + 0.5}l8 -3"/>`;
  }
}

/** Shoulders and collar. */
function body(
  h: Head,
  traits: PortraitTraits,
  p: Palette,
  skin: string,
  hairColour: string,
): string {
  const { cx, nb } = h;
  const shoulders = traits.broad
    ? `M-2 100C0 ${nb + 4} 20 ${nb - 2} ${cx} ${nb - 2}C80 ${nb - 2} 100 ${nb + 4} 102 100Z`
    : `M6 100C8 ${nb + 8} 26 ${nb} ${cx} ${nb}C74 ${nb} 92 ${nb + 8} 94 100Z`;
  switch (traits.collar) {
    case 'suit':
      return `<path fill="${p.deep}" d="${shoulders}"/><path fill="${IVORY}" d="M${cx - 8} ${nb}L${cx} ${nb + 20}L${cx + 8} ${nb}Z"/><path fill="${p.accent}" d="M${cx - 2.2} ${nb + 3}H${cx + 2.2}L${cx + 3.4} ${nb + 18}L${cx} ${nb + 23}L${cx - 3.4} ${nb + 18}Z"/><path fill="none" stroke="${p.main}" stroke-width="1.4" d="M${cx - 8} ${nb}L${cx - 4} ${nb + 16}L${cx - 14} 100M${cx + 8} ${nb}L${cx + 4} ${nb + 16}L${cx + 14} 100"/>`;
    case 'turtleneck':
      return `<path fill="${p.main}" d="${shoulders}"/><path fill="${p.main}" d="M${cx - 9} ${nb - 9}H${cx + 9}V${nb + 2}Q${cx} ${nb + 5} ${cx - 9} ${nb + 2}Z"/><path fill="none" stroke="${p.deep}" stroke-width="0.8" opacity="0.6" d="M${cx - 9} ${nb - 5}H${cx + 9}M${cx - 9} ${nb - 2}H${cx + 9}"/>`;
    case 'hoodie':
      return `<path fill="${p.main}" d="${shoulders}"/><path fill="${p.deep}" opacity="0.55" d="M${cx - 12} ${nb}Q${cx} ${nb + 10} ${cx + 12} ${nb}Q${cx} ${nb + 4} ${cx - 12} ${nb}Z"/><path stroke="${IVORY}" stroke-width="1.2" d="M${cx - 4} ${nb + 4}v12M${cx + 4} ${nb + 4}v12"/>`;
    case 'mandarin':
      return `<path fill="${p.deep}" d="${shoulders}"/><rect x="${cx - 8}" y="${nb - 4}" width="16" height="6" rx="1.5" fill="${p.accent}"/><path fill="${GOLD}" d="M${cx - 1.2} ${nb + 5}h2.4v2.4h-2.4zM${cx - 1.2} ${nb + 11}h2.4v2.4h-2.4zM${cx - 1.2} ${nb + 17}h2.4v2.4h-2.4z"/>`;
    case 'openShirt':
      return `<path fill="${p.main}" d="${shoulders}"/><path fill="${skin}" d="M${cx - 7} ${nb}L${cx} ${nb + 15}L${cx + 7} ${nb}Z"/><path fill="${IVORY}" opacity="0.85" d="M${cx - 7} ${nb}L${cx - 14} ${nb + 3}L${cx - 5} ${nb + 8}ZM${cx + 7} ${nb}L${cx + 14} ${nb + 3}L${cx + 5} ${nb + 8}Z"/>`;
    case 'jacket':
      return `<path fill="${p.deep}" d="${shoulders}"/><path fill="${hairColour === 'none' ? p.main : p.main}" d="M${cx - 8} ${nb}Q${cx} ${nb + 6} ${cx + 8} ${nb}L${cx + 7} 100H${cx - 7}Z"/><path stroke="${p.accent}" stroke-width="1" d="M${cx + 8.5} ${nb + 2}L${cx + 8} 100"/>`;
  }
}

/** The hood of a hoodie, behind the head. */
function hood(h: Head, traits: PortraitTraits, p: Palette): string {
  if (traits.collar !== 'hoodie') return '';
  return `<path fill="${p.main}" d="M${h.cx - h.rx - 8} ${h.nb + 2}C${h.cx - h.rx - 11} ${h.top - 12} ${h.cx + h.rx + 11} ${h.top - 12} ${h.cx + h.rx + 8} ${h.nb + 2}Z"/><path fill="${p.deep}" opacity="0.45" d="M${h.cx - h.rx - 4} ${h.nb}C${h.cx - h.rx - 6} ${h.top - 7} ${h.cx + h.rx + 6} ${h.top - 7} ${h.cx + h.rx + 4} ${h.nb}Z"/>`;
}

export function portraitSvg(
  family: Family,
  traits: PortraitTraits,
  options: { boss?: boolean } = {},
): string {
  const p = FAMILY_PALETTES[family];
  const h = headOf(traits);
  const skin = SKIN_TONES[traits.skin];
  const hairColour = HAIR_COLOURS[traits.hairColour];
  const { cx, rx, ey, my, chin, nb } = h;
  const outline = headPath(h, traits);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`,
    `<defs><radialGradient id="light" cx="0.32" cy="0.28" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.45" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}"/></radialGradient><clipPath id="head"><path d="${outline}"/></clipPath></defs>`,
    `<rect width="100" height="100" fill="${p.light}"/><rect width="100" height="100" fill="url(#light)"/>`,
    skyline(family, p),
    // A Boss stands in front of a gold halo of light.
    options.boss ? `<circle cx="${cx}" cy="${h.cy}" r="34" fill="${GOLD}" opacity="0.32"/>` : '',
    hood(h, traits, p),
    hairBehind(h, traits, hairColour),
    `<path fill="${skin}" d="M${cx - 6} ${chin - 6}H${cx + 6}V${nb + 4}H${cx - 6}Z"/><path fill="${p.deep}" opacity="0.35" d="M${cx - 6} ${chin - 6}H${cx + 6}V${chin + 3}Q${cx} ${chin + 6} ${cx - 6} ${chin + 3}Z"/>`,
    body(h, traits, p, skin, hairColour),
    `<ellipse cx="${cx - rx}" cy="${ey + 3}" rx="2.6" ry="4" fill="${skin}"/><ellipse cx="${cx + rx}" cy="${ey + 3}" rx="2.6" ry="4" fill="${skin}"/>`,
    `<path fill="${skin}" d="${outline}"/>`,
    // Noir light from the left: the right half of the face falls into shadow.
    `<rect x="${cx + 1}" y="0" width="50" height="100" fill="${p.deep}" opacity="0.3" clip-path="url(#head)"/>`,
    `<path fill="none" stroke="${p.deep}" stroke-width="1" opacity="0.55" stroke-linecap="round" d="M${cx + 0.5} ${ey + 2}L${cx + 2.5} ${ey + 8}L${cx - 0.5} ${ey + 9}"/>`,
    `<path fill="none" stroke="${LIP}" stroke-width="1.4" stroke-linecap="round" d="M${cx - 4} ${my + 1}Q${cx} ${my + 2} ${cx + 4} ${my + 0.5}"/>`,
    beard(h, traits, hairColour),
    hairFront(h, traits, hairColour),
    eyes(h, traits, p, hairColour),
    hat(h, traits, p),
    extra(h, traits, p),
    '</svg>',
  ];
  return parts.join('');
}
