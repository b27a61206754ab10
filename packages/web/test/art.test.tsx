// @vitest-environment jsdom
/**
 * The card art (src/art, ART.md): the generated files are exactly what the generators make (a
 * change to a generator without `scripts/art.ts` fails here), every gangster and Boss has a
 * portrait that no other card shares, the scenes use only extracted icons, the card faces show
 * their pictures, and an engaged member is tilted a little, never turned sideways.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASSIC_CARDS, FAMILIES, HEIST_KINDS, RESOURCE_EFFECTS } from '@gangsta/engine';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artCatalogue } from '../src/art/catalogue.ts';
import { GAME_ICONS } from '../src/art/icons.generated.ts';
import { PORTRAIT_TRAITS } from '../src/art/portraitTraits.ts';
import { BACK_ICONS, HEIST_ICONS, RESOURCE_ICONS, SNITCH_ICON } from '../src/art/sceneIcons.ts';
import { ChipPortrait } from '../src/cards/ChipPortrait.tsx';
import { GangsterCard, HeistCard, ResourceCard, SnitchCard } from '../src/cards/index.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const svgFolder = join(here, '../src/art/svg');
const members = [...CLASSIC_CARDS.bosses, ...CLASSIC_CARDS.gangsters];

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

describe('generated art', () => {
  it('the files in src/art/svg are exactly the generators’ output (run scripts/art.ts)', () => {
    const catalogue = artCatalogue();
    const files = readdirSync(svgFolder).filter((name) => name.endsWith('.svg'));
    expect(files.sort()).toEqual([...catalogue.keys()].sort());
    for (const [name, text] of catalogue) {
      expect(readFileSync(join(svgFolder, name), 'utf8'), name).toBe(`${text}\n`);
    }
  });

  it('is deterministic: the same card gives the same picture every time', () => {
    expect([...artCatalogue()]).toEqual([...artCatalogue()]);
  });

  it('covers every gangster, Boss, heist kind per chapter, snitch chapter, resource and back', () => {
    const names = new Set(artCatalogue().keys());
    expect(members).toHaveLength(40);
    for (const card of members) expect(names).toContain(`portrait-${card.id}.svg`);
    for (const chapter of [1, 2, 3]) {
      for (const kind of HEIST_KINDS) expect(names).toContain(`heist-${kind}-${chapter}.svg`);
      expect(names).toContain(`snitch-${chapter}.svg`);
      expect(names).toContain(`back-chapter${chapter}.svg`);
    }
    for (const effect of RESOURCE_EFFECTS) expect(names).toContain(`resource-${effect}.svg`);
    expect(names).toContain('back-gangster.svg');
  });

  it('gives every member a portrait of its own, told apart within its family by its silhouette', () => {
    const pictures = members.map((card) => artCatalogue().get(`portrait-${card.id}.svg`));
    expect(new Set(pictures).size).toBe(members.length);
    for (const family of FAMILIES) {
      const looks = members
        .filter((card) => card.family === family)
        .map((card) => {
          const traits = PORTRAIT_TRAITS[card.id];
          // What shows at chip size: hat, hair, eyewear and the one accessory.
          return `${traits?.hat}/${traits?.hair}/${traits?.eyes}/${traits?.extra}`;
        });
      expect(new Set(looks).size, family).toBe(looks.length);
    }
  });

  it('ships exactly the game-icons the scenes name, as the icon set draws them', () => {
    const require = createRequire(import.meta.url);
    const set = require('@iconify-json/game-icons/icons.json') as {
      icons: Record<string, { body: string }>;
    };
    const named = new Set([
      ...Object.values(HEIST_ICONS).flat(),
      ...Object.values(RESOURCE_ICONS),
      SNITCH_ICON,
      ...Object.values(BACK_ICONS),
    ]);
    expect(Object.keys(GAME_ICONS).sort()).toEqual([...named].sort());
    for (const name of named) {
      const path = (set.icons[name]?.body.match(/ d="([^"]+)"/) ?? [])[1];
      expect(path, name).toBeDefined();
      expect(GAME_ICONS[name], name).toContain(path as string);
    }
  });
});

describe('card faces', () => {
  it('a gangster shows its own portrait, decorative', () => {
    const { container } = render(<GangsterCard cards={CLASSIC_CARDS} id="G07" />);
    const image = container.querySelector('img.gcard__art');
    expect(image).toBeInTheDocument();
    expect(image?.getAttribute('src')).toMatch(/portrait-G07/);
    expect(image).toHaveAttribute('alt', '');
  });

  it('a heist shows the scene of its kind and chapter; snitches and resources theirs', () => {
    const heist = CLASSIC_CARDS.heists.find((card) => card.chapter === 2);
    if (!heist) throw new Error('no chapter II heist');
    const first = render(<HeistCard cards={CLASSIC_CARDS} id={heist.id} />);
    expect(first.container.querySelector('img.gcard__art')?.getAttribute('src')).toMatch(
      new RegExp(`heist-${heist.kind}-2`),
    );
    cleanup();
    const snitch = CLASSIC_CARDS.snitches[0];
    const resource = CLASSIC_CARDS.resources[0];
    if (!snitch || !resource) throw new Error('no snitch or resource');
    const second = render(<SnitchCard cards={CLASSIC_CARDS} id={snitch.id} />);
    expect(second.container.querySelector('img.gcard__art')?.getAttribute('src')).toMatch(
      new RegExp(`snitch-${snitch.chapter}`),
    );
    cleanup();
    const third = render(<ResourceCard cards={CLASSIC_CARDS} id={resource.id} />);
    expect(third.container.querySelector('img.gcard__art')?.getAttribute('src')).toMatch(
      new RegExp(`resource-${resource.effect}`),
    );
  });

  it('a rival’s chip carries the member’s portrait, hidden from screen readers', () => {
    const { container } = render(<ChipPortrait id="G30" />);
    const frame = container.querySelector('.chip__portrait');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(frame?.querySelector('img')?.getAttribute('src')).toMatch(/portrait-G30/);
  });

  it('an engaged member tilts a few degrees at most: never a quarter turn', () => {
    const css = readFileSync(join(here, '../src/cards/cards.css'), 'utf8');
    const rules = [...css.matchAll(/([^{}]*is-engaged[^{}]*)\{([^}]*)\}/g)];
    expect(rules.length).toBeGreaterThan(0);
    for (const [, , body] of rules) {
      for (const [, degrees] of (body ?? '').matchAll(/rotate\((-?[\d.]+)deg\)/g)) {
        expect(Math.abs(Number(degrees))).toBeLessThanOrEqual(5);
      }
      // The card keeps its place: no margins reserved for a turned card.
      expect(body).not.toMatch(/margin/);
    }
  });
});
