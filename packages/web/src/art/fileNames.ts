/** The names of the art files, shared by the generator (catalogue.ts) and the app (artUrls.ts). */
import type { HeistKind, ResourceEffect } from '@gangsta/engine';

export type BackKind = 'chapter1' | 'chapter2' | 'chapter3' | 'gangster';

export const portraitFile = (cardId: string) => `portrait-${cardId}.svg`;
export const heistSceneFile = (kind: HeistKind, chapter: number) => `heist-${kind}-${chapter}.svg`;
export const snitchSceneFile = (chapter: number) => `snitch-${chapter}.svg`;
export const resourceSceneFile = (effect: ResourceEffect) => `resource-${effect}.svg`;
export const backFile = (kind: BackKind) => `back-${kind}.svg`;
