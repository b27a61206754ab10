/**
 * Every art file the app ships, by file name: a portrait per gangster and Boss of the card set,
 * a scene per heist kind and chapter, per snitch chapter and per resource, and the four deck
 * backs. scripts/art.ts writes them into src/art/svg/; test/art.test.ts checks that the files
 * there are exactly these.
 */
import { CLASSIC_CARDS, HEIST_KINDS, RESOURCE_EFFECTS } from '@gangsta/engine';
import {
  backFile,
  heistSceneFile,
  portraitFile,
  resourceSceneFile,
  snitchSceneFile,
} from './fileNames.ts';
import type { Chapter } from './palettes.ts';
import { portraitSvg } from './portrait.ts';
import { PORTRAIT_TRAITS } from './portraitTraits.ts';
import {
  chapterBackSvg,
  gangsterBackSvg,
  heistSceneSvg,
  resourceSceneSvg,
  snitchSceneSvg,
} from './scenes.ts';

const CHAPTERS: readonly Chapter[] = [1, 2, 3];

/** A title inside each file (never shown: the app's images are decorative, alt=""). */
function titled(svg: string, title: string): string {
  return svg.replace(/^(<svg[^>]*>)/, `$1<title>${title}</title>`);
}

export function artCatalogue(): Map<string, string> {
  const files = new Map<string, string>();
  const members = [
    ...CLASSIC_CARDS.bosses.map((card) => ({ card, boss: true })),
    ...CLASSIC_CARDS.gangsters.map((card) => ({ card, boss: false })),
  ];
  for (const { card, boss } of members) {
    const traits = PORTRAIT_TRAITS[card.id];
    if (!traits) throw new Error(`no portrait traits for ${card.id}`);
    files.set(
      portraitFile(card.id),
      titled(portraitSvg(card.family, traits, { boss }), `Portrait of card ${card.id}`),
    );
  }
  for (const chapter of CHAPTERS) {
    for (const kind of HEIST_KINDS)
      files.set(heistSceneFile(kind, chapter), heistSceneSvg(kind, chapter));
    files.set(snitchSceneFile(chapter), snitchSceneSvg(chapter));
    files.set(backFile(`chapter${chapter}`), chapterBackSvg(chapter));
  }
  for (const effect of RESOURCE_EFFECTS)
    files.set(resourceSceneFile(effect), resourceSceneSvg(effect));
  files.set(backFile('gangster'), gangsterBackSvg());
  for (const [name, svg] of files) {
    if (!name.startsWith('portrait-')) files.set(name, titled(svg, name.replace(/\.svg$/, '')));
  }
  return files;
}
