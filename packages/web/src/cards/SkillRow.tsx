/**
 * A row of skill icons: a member's skills or a heist's requirement. Given `remaining`, the
 * icons no longer needed are drawn as covered (a requirement is a multiset, so for each skill
 * the first icons are the covered ones).
 */
import type { Skill } from '@gangsta/engine';
import { SkillIcon } from './SkillIcon.tsx';

export interface SkillRowProps {
  skills: readonly Skill[];
  /** The learned skill of a member, shown last and marked as learned. */
  learned?: Skill | undefined;
  /** What is still needed of `skills` (a multiset); the rest is shown covered. */
  remaining?: readonly Skill[] | undefined;
  label: string;
  size?: number;
}

function coveredFlags(
  skills: readonly Skill[],
  remaining: readonly Skill[] | undefined,
): boolean[] {
  if (!remaining) return skills.map(() => false);
  const left = new Map<Skill, number>();
  for (const skill of remaining) left.set(skill, (left.get(skill) ?? 0) + 1);
  const total = new Map<Skill, number>();
  for (const skill of skills) total.set(skill, (total.get(skill) ?? 0) + 1);
  const seen = new Map<Skill, number>();
  return skills.map((skill) => {
    const index = seen.get(skill) ?? 0;
    seen.set(skill, index + 1);
    const coveredCount = (total.get(skill) ?? 0) - (left.get(skill) ?? 0);
    return index < coveredCount;
  });
}

export function SkillRow({ skills, learned, remaining, label, size = 18 }: SkillRowProps) {
  const covered = coveredFlags(skills, remaining);
  return (
    // Spans with list roles, not <ul>: the row may sit inside a card that is a <button>.
    // biome-ignore lint/a11y/useSemanticElements: a <ul> is not allowed inside a <button>
    <span className="skill-row" role="list" aria-label={label}>
      {skills.map((skill, index) => (
        // biome-ignore lint/a11y/useSemanticElements: a <li> is not allowed inside a <button>
        <span
          role="listitem"
          // biome-ignore lint/suspicious/noArrayIndexKey: icons repeat; their printed order is fixed
          key={index}
          className="skill-row__item"
        >
          <SkillIcon skill={skill} size={size} covered={covered[index]} />
        </span>
      ))}
      {learned && (
        // biome-ignore lint/a11y/useSemanticElements: a <li> is not allowed inside a <button>
        <span role="listitem" className="skill-row__item">
          <SkillIcon skill={learned} size={size} learned />
        </span>
      )}
    </span>
  );
}
