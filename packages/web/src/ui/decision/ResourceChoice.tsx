/** Setup with resource cards (R-SETUP-3): the dealt cards, and each way of keeping some. */
import { ResourceCard } from '../../cards/index.ts';
import { MoveList } from './MoveButton.tsx';
import type { DecisionOf, DecisionProps } from './types.ts';

export function ResourceChoice(props: DecisionProps<DecisionOf<'keepResources'>>) {
  const { ctx, view, legal, play, moveText } = props;
  const seat = view.viewer;
  const dealt = seat === null ? [] : view.players[seat].dealt;
  return (
    <div className="resource-choice">
      <ul className="cards" aria-label={ctx.t('decision.keepResources.dealt')}>
        {dealt.map((id) => (
          <li key={id} className="slot">
            <ResourceCard cards={view.cards} id={id} />
          </li>
        ))}
      </ul>
      <MoveList moves={legal} play={play} moveText={moveText} />
    </div>
  );
}
