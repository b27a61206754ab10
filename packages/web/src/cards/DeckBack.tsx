/**
 * The back of a deck's top card (src/art): the current chapter's deck of heists, or the
 * gangster deck. Decorative: the deck says its name and count in words.
 */
import { backUrl } from '../art/artUrls.ts';

export function DeckBack({ deck }: { deck: 'chapter1' | 'chapter2' | 'chapter3' | 'gangster' }) {
  const src = backUrl(deck);
  return src ? <img className="deck__back" src={src} alt="" draggable={false} /> : null;
}
