/**
 * A short rules reference for players, in the current language: one short section per topic
 * with a table of contents. The text lives in the locales under `rules.*`; this file only says
 * which paragraphs each section has, and adds the skill legend and the list of rewards, drawn
 * from the same icons and reward texts as the cards. It summarises docs/rules.md (the complete
 * rules as implemented, with their R-ids) and must not contradict it.
 */
import { SKILLS, type Skill } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { SkillIcon } from '../cards/SkillIcon.tsx';
import { REWARD_KINDS, skillName } from '../cards/text.ts';
import './rules.css';

interface Section {
  id: string;
  /** Paragraph ids before the section's extra block. */
  before: string[];
  extra?: 'skills' | 'rewards';
  /** Paragraph ids after it. */
  after?: string[];
}

const SECTIONS: readonly Section[] = [
  { id: 'goal', before: ['p1', 'p2'] },
  { id: 'skills', before: ['p1'], extra: 'skills' },
  { id: 'turn', before: ['p1', 'p2', 'p3'] },
  { id: 'mobilization', before: ['p1', 'p2', 'p3'] },
  { id: 'recruit', before: ['p1', 'p2'] },
  { id: 'heists', before: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'pass', before: ['p1', 'p2'] },
  { id: 'chapters', before: ['p1', 'p2', 'p3', 'p4'] },
  { id: 'snitches', before: ['p1', 'p2', 'p3'] },
  { id: 'rewards', before: ['p1'], extra: 'rewards', after: ['p2'] },
  { id: 'scoring', before: ['p1', 'p2', 'p3'] },
  { id: 'variants', before: ['p1', 'p2', 'p3'] },
];

/** The id of a section's heading, for the table of contents. */
const anchor = (id: string) => `rules-${id}`;

function SkillLegend() {
  const { t } = useTranslation();
  return (
    <dl className="rules-page__legend">
      {SKILLS.map((skill: Skill) => (
        <div key={skill} className="rules-page__legend-row">
          <dt>
            <SkillIcon skill={skill} size={22} decorative />
            {skillName(t, skill)}
          </dt>
          <dd>{t(`rules.skills.${skill}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every reward kind, with "N" for its number and a generic word for the trained skill. */
function RewardLegend() {
  const { t } = useTranslation();
  const params = { amount: 'N', skill: t('rules.rewards.anySkill') };
  return (
    <dl className="rules-page__legend">
      {REWARD_KINDS.map((kind) => (
        <div key={kind} className="rules-page__legend-row">
          <dt>{t(`rewards.${kind}.name`)}</dt>
          <dd>{t(`rewards.${kind}.text`, params)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RulesPage() {
  const { t } = useTranslation();
  return (
    <article className="rules-page" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('rules.title')}</h2>
      <p className="rules-page__intro">{t('rules.intro')}</p>
      <nav className="rules-page__contents" aria-labelledby="rules-contents">
        <h3 id="rules-contents">{t('rules.contents')}</h3>
        <ol>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${anchor(section.id)}`}>{t(`rules.${section.id}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className="rules-page__section"
          aria-labelledby={anchor(section.id)}
        >
          <h3 id={anchor(section.id)}>{t(`rules.${section.id}.title`)}</h3>
          {section.before.map((p) => (
            <p key={p}>{t(`rules.${section.id}.${p}`)}</p>
          ))}
          {section.extra === 'skills' && <SkillLegend />}
          {section.extra === 'rewards' && <RewardLegend />}
          {(section.after ?? []).map((p) => (
            <p key={p}>{t(`rules.${section.id}.${p}`)}</p>
          ))}
        </section>
      ))}
      <p>
        <a href="#rules-title">{t('rules.backToTop')}</a>
      </p>
    </article>
  );
}

export default RulesPage;
