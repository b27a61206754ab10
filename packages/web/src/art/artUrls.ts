/**
 * Where the app finds each piece of card art: the generated SVG files of src/art/svg/, emitted
 * by Vite as files of their own (`?no-inline`, never data URLs in the JavaScript), so the art
 * costs the first page only these names; the browser fetches a picture when a card first shows
 * it, and the service worker precaches them all for offline play.
 */
import type { HeistKind, ResourceEffect } from '@gangsta/engine';
import {
  type BackKind,
  backFile,
  heistSceneFile,
  portraitFile,
  resourceSceneFile,
  snitchSceneFile,
} from './fileNames.ts';

const FILES = import.meta.glob<string>('./svg/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});

function url(file: string): string | undefined {
  return FILES[`./svg/${file}`];
}

/** A gangster's or Boss's portrait; undefined for a card id this set has no portrait of. */
export const portraitUrl = (cardId: string) => url(portraitFile(cardId));
export const heistSceneUrl = (kind: HeistKind, chapter: number) =>
  url(heistSceneFile(kind, chapter));
export const snitchSceneUrl = (chapter: number) => url(snitchSceneFile(chapter));
export const resourceSceneUrl = (effect: ResourceEffect) => url(resourceSceneFile(effect));
export const backUrl = (kind: BackKind) => url(backFile(kind));
