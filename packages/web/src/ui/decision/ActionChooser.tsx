/**
 * The action (R-TURN-1): start a heist, recruit, use Biker gang / Informant network, or pass.
 * Row cards the viewer cannot take are listed too, with the reason.
 */
import { heistHint, type Move } from '@gangsta/engine';
import { lookup, recruitPrice } from '../../game/derive.ts';
import { nameOf } from '../../text/context.ts';
import { skillNames } from '../../text/names.ts';
import { MoveButton } from './MoveButton.tsx';
import type { DecisionOf, DecisionProps } from './types.ts';

export function ActionChooser(props: DecisionProps<DecisionOf<'action'>>) {
  const { ctx, view, decision, legal, play, moveText } = props;
  const { t } = ctx;
  const cards = lookup(view);
  const seat = decision.seat;
  const cash = view.players[seat].cash;
  const find = (type: Move['type'], card?: string) =>
    legal.find((m) => m.type === type && (card === undefined || ('card' in m && m.card === card)));
  const deckMoves = legal.filter((m) => m.type === 'heistFromDeck' || m.type === 'recruitFromDeck');
  const pass = find('pass');
  return (
    <div className="action-chooser">
      <h3>{t('decision.action.heists')}</h3>
      <ul className="move-list">
        {view.heistRow.flatMap((id) => {
          if (!id) return [];
          const move = find('heist', id);
          if (move) {
            const hint = heistHint(view, seat, id);
            const note = hint.feasible
              ? t('decision.action.heistReach', { count: hint.maxEngaged })
              : t('decision.action.heistNeedsOthers');
            return [
              <li key={id}>
                <MoveButton move={move} play={play} label={moveText(move)}>
                  {moveText(move)}
                  <span className="note">{note}</span>
                </MoveButton>
              </li>,
            ];
          }
          return [
            <li key={id} className="blocked">
              {t('decision.action.heistBlocked', {
                card: nameOf(ctx, id),
                icons: skillNames(t, cards.heist(id).requirement),
              })}
            </li>,
          ];
        })}
      </ul>
      <h3>{t('decision.action.recruits')}</h3>
      <ul className="move-list">
        {view.recruitRow.flatMap((id) => {
          if (!id) return [];
          const move = find('recruit', id);
          if (move) {
            return [
              <li key={id}>
                <MoveButton move={move} play={play} label={moveText(move)} />
              </li>,
            ];
          }
          return [
            <li key={id} className="blocked">
              {t('decision.action.recruitBlocked', {
                card: nameOf(ctx, id),
                cost: t('app.money', { amount: recruitPrice(view, seat, id) }),
                cash: t('app.money', { amount: cash }),
              })}
            </li>,
          ];
        })}
      </ul>
      {deckMoves.length > 0 ? (
        <>
          <h3>{t('decision.action.deck')}</h3>
          <ul className="move-list">
            {deckMoves.map((move) => (
              <li key={move.type}>
                <MoveButton move={move} play={play} label={moveText(move)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {pass ? (
        <>
          <h3>{t('decision.action.passTitle')}</h3>
          <p className="note">{t('decision.action.passNote')}</p>
          <MoveButton move={pass} play={play} label={moveText(pass)} />
        </>
      ) : null}
    </div>
  );
}
