/**
 * A member's portrait cut to its face, for the rivals' chips: round, the size of a line of text,
 * so a rival's gang is told apart at a glance. Decorative (the chip says the name).
 */
import { portraitUrl } from '../art/artUrls.ts';

export function ChipPortrait({ id }: { id: string }) {
  const src = portraitUrl(id);
  if (!src) return null;
  return (
    <span className="chip__portrait" aria-hidden="true">
      <img src={src} alt="" draggable={false} />
    </span>
  );
}
