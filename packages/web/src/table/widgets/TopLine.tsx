/**
 * The table's top line: chapter, snitches revealed this chapter, turn, and the warning that the
 * chapter ends with this turn. Each label has a long and a short form; a phone shows the short
 * ones so the whole line fits beside the game menu button ("III Domination · Snitches 0 ·
 * Turn 54"; under 380 px the chapter keeps its numeral only). Only one form is displayed at a
 * time, so a screen reader reads one.
 */
import type { GameView } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { chapterNumeral } from '../../cards/index.ts';

export function TopLine({ view }: { view: GameView }) {
  const { t } = useTranslation();
  return (
    <dl className="table-status top-line">
      <div data-testid="chapter" data-chapter={view.chapter}>
        <dt className="top-line__long">{t('table.chapter')}</dt>
        <dd>
          {/* The label already says "Chapter": the value is "II — Gang War", never "Chapter II". */}
          <span className="top-line__long">{chapterNumeral(view.chapter)} — </span>
          <span className="top-line__short">{chapterNumeral(view.chapter)} </span>
          <span className="top-line__name">{t(`cards.chapterName.${view.chapter}`)}</span>
        </dd>
      </div>
      <div className="snitch-track" data-snitches={view.snitchesThisChapter}>
        <dt>
          <span className="top-line__long">{t('table.snitches')}</span>
          <span className="top-line__short">{t('table.snitchesShort')}</span>
        </dt>
        <dd>{view.snitchesThisChapter}</dd>
      </div>
      <div data-testid="turn" data-turn={view.turnNumber}>
        <dt>{t('table.turn')}</dt>
        <dd>{view.turnNumber}</dd>
      </div>
      {view.chapterEndPending && view.phase !== 'gameOver' ? (
        <div className="warning">
          <dt className="top-line__long">{t('table.chapterEnd')}</dt>
          <dd>{t('table.chapterEndPending')}</dd>
        </div>
      ) : null}
    </dl>
  );
}
