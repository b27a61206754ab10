/**
 * The table as one seat (or a spectator) sees it: the heist and recruit rows, deck sizes and
 * every gang, with engaged members turned sideways. Cards that a legal move acts on become
 * buttons; the decision panel offers the same moves as a list.
 */
import type { CardLookup, GameView, Member, Move, PlayerView } from '@gangsta/engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace, ScreenReaderText } from '../cards/index.ts';
import { lookup, recruitPrice } from '../game/derive.ts';
import type { SeatKind } from '../game/seats.ts';
import { seatName } from '../text/names.ts';

export interface TableInteraction {
  /** Card id → the move a click on that card plays. */
  targets: ReadonlyMap<string, Move>;
  moveText: (move: Move) => string;
  onPlay: (move: Move) => void;
}

export interface TableProps {
  view: GameView;
  seats: readonly SeatKind[];
  interaction?: TableInteraction;
  /** Cards touched by the last move, animated briefly. */
  flash?: ReadonlySet<string>;
  /** Cards named by the hint. */
  hint?: ReadonlySet<string>;
  /** Members already activated in the heist being put together. */
  activated?: ReadonlySet<string>;
  /** Extra content shown under a player's panel (the replay's revealed cards). */
  extra?: (player: PlayerView) => ReactNode;
}

interface SlotProps {
  id: string;
  props: TableProps;
  member?: Member;
  active?: boolean;
  /** Visible extra line on the card (a row gangster's price for the viewer). */
  note?: string;
}

/** One card on the table: a button when a legal move acts on it. */
function Slot({ id, props, member, active, note }: SlotProps) {
  const move = props.interaction?.targets.get(id);
  const classes = [props.flash?.has(id) ? 'flash' : '', props.hint?.has(id) ? 'hinted' : '']
    .filter(Boolean)
    .join(' ');
  const interaction = props.interaction;
  const clickable = move !== undefined && interaction !== undefined;
  return (
    <li className="slot">
      <CardFace
        cards={props.view.cards}
        id={id}
        member={member}
        active={active}
        className={`${classes}${clickable ? ' clickable' : ''}`}
        selected={props.activated?.has(id) ? true : undefined}
        onSelect={clickable ? () => interaction.onPlay(move) : undefined}
      >
        {note || clickable ? (
          <>
            {note ? <span className="card-note">{note}</span> : null}
            {clickable ? <ScreenReaderText>{interaction.moveText(move)}</ScreenReaderText> : null}
          </>
        ) : undefined}
      </CardFace>
    </li>
  );
}

function EmptySlot() {
  const { t } = useTranslation();
  return (
    <li className="slot">
      <div className="empty-card">{t('table.emptySlot')}</div>
    </li>
  );
}

function Rows({ props, cards }: { props: TableProps; cards: CardLookup }) {
  const { t } = useTranslation();
  const { view } = props;
  const buyer = view.viewer;
  // With the Families discount the price differs from the printed cost: say so.
  const priceNote = (id: string) => {
    if (buyer === null || !view.options.families) return undefined;
    const price = recruitPrice(view, buyer, id);
    return price === cards.gangster(id).cost
      ? undefined
      : t('table.yourPrice', { price: t('app.money', { amount: price }) });
  };
  return (
    <div className="rows">
      <section className="row" aria-labelledby="heist-row-title">
        <h2 id="heist-row-title">
          {t('table.heistRow')}{' '}
          <span className="deck-count">{t('table.deckCount', { count: view.heistDeckCount })}</span>
        </h2>
        {/* Focusable: on phones the row scrolls sideways and keyboards must reach it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
        <ul className="cards" tabIndex={0} aria-labelledby="heist-row-title">
          {view.heistRow.map((id, slot) =>
            id ? (
              <Slot key={id} id={id} props={props} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty slot has no id
              <EmptySlot key={`empty-${slot}`} />
            ),
          )}
        </ul>
      </section>
      <section className="row" aria-labelledby="recruit-row-title">
        <h2 id="recruit-row-title">
          {t('table.recruitRow')}{' '}
          <span className="deck-count">
            {t('table.deckCount', { count: view.gangsterDeckCount })}
          </span>
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
        <ul className="cards" tabIndex={0} aria-labelledby="recruit-row-title">
          {view.recruitRow.map((id, slot) =>
            id ? (
              <Slot key={id} id={id} props={props} note={priceNote(id)} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty slot has no id
              <EmptySlot key={`empty-${slot}`} />
            ),
          )}
        </ul>
      </section>
    </div>
  );
}

function MemberSlot({ member, props }: { member: Member; props: TableProps }) {
  return <Slot id={member.id} props={props} member={member} />;
}

function PlayerPanel({
  player,
  props,
  cards,
}: {
  player: PlayerView;
  props: TableProps;
  cards: CardLookup;
}) {
  const { t } = useTranslation();
  const { view } = props;
  const active = view.decision.kind !== 'gameOver' && view.turn.seat === player.seat;
  const family = cards.boss(player.boss).family;
  const titleId = `player-${player.seat}-title`;
  return (
    <section
      className={`player${active ? ' active' : ''}${player.seat === view.viewer ? ' mine' : ''}`}
      aria-labelledby={titleId}
      data-seat={player.seat}
    >
      <header className="player-head">
        <h2 id={titleId}>
          {seatName(t, player.seat, props.seats, view.viewer)}
          <span className={`family-tag family-${family}`}>{t(`families.${family}`)}</span>
          {active ? <span className="turn-tag">{t('table.theirTurn')}</span> : null}
        </h2>
        <dl className="stats">
          <div>
            <dt>{t('table.cash')}</dt>
            <dd>{t('app.money', { amount: player.cash })}</dd>
          </div>
          {player.bank > 0 ||
          player.resources.some((r) => cards.resource(r.id).effect === 'bank') ? (
            <div>
              <dt>{t('table.bank')}</dt>
              <dd>{t('app.money', { amount: player.bank })}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('table.heistIp')}</dt>
            <dd>{player.heistIp === null ? t('table.hidden') : player.heistIp}</dd>
          </div>
          <div>
            <dt>{t('table.heistsDone')}</dt>
            <dd>{player.pile.length}</dd>
          </div>
          <div>
            <dt>{t('table.gangSize')}</dt>
            <dd>{player.gang.length}</dd>
          </div>
        </dl>
      </header>
      <ul className="cards gang" aria-label={t('table.gang')}>
        {player.gang.map((member) => (
          <MemberSlot key={member.id} member={member} props={props} />
        ))}
      </ul>
      {player.hospital.length > 0 ? (
        <div className="hospital">
          <h3>{t('table.hospital')}</h3>
          <ul className="cards">
            {player.hospital.map((member) => (
              <MemberSlot key={member.id} member={member} props={props} />
            ))}
          </ul>
        </div>
      ) : null}
      {player.resources.length > 0 ? (
        <div className="resources">
          <h3>{t('table.resources')}</h3>
          <ul className="cards">
            {player.resources.map((r) => (
              <Slot key={r.id} id={r.id} props={props} active={r.active} />
            ))}
          </ul>
        </div>
      ) : null}
      {view.viewer === player.seat && (player.peek.heist || player.peek.gangster) ? (
        <p className="peek">
          {player.peek.heist
            ? t('table.peekHeist', { card: t(`heists.${cards.heist(player.peek.heist).kind}`) })
            : null}{' '}
          {player.peek.gangster
            ? t('table.peekGangster', { card: t(`gangsters.${player.peek.gangster}`) })
            : null}
        </p>
      ) : null}
      {props.extra?.(player)}
    </section>
  );
}

export function TableStatus({ view }: { view: GameView }) {
  const { t } = useTranslation();
  return (
    <dl className="table-status">
      <div data-testid="chapter" data-chapter={view.chapter}>
        <dt>{t('table.chapter')}</dt>
        <dd>
          {t(`app.chapterNumber.${view.chapter}`)} — {t(`cards.chapterName.${view.chapter}`)}
        </dd>
      </div>
      <div>
        <dt>{t('table.snitches')}</dt>
        <dd>{view.snitchesThisChapter}</dd>
      </div>
      <div data-testid="turn" data-turn={view.turnNumber}>
        <dt>{t('table.turn')}</dt>
        <dd>{view.turnNumber}</dd>
      </div>
      {view.chapterEndPending && view.phase !== 'gameOver' ? (
        <div className="warning">
          <dt>{t('table.chapterEnd')}</dt>
          <dd>{t('table.chapterEndPending')}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function Table(props: TableProps) {
  const { view } = props;
  const cards = lookup(view);
  // The viewer's own gang first, then the others in seat order.
  const order = view.players
    .map((p) => p.seat)
    .sort((a, b) => (a === view.viewer ? -1 : b === view.viewer ? 1 : a - b));
  return (
    <div className="table">
      <Rows props={props} cards={cards} />
      <div className="players">
        {order.map((seat) => (
          <PlayerPanel key={seat} player={view.players[seat]} props={props} cards={cards} />
        ))}
      </div>
    </div>
  );
}
