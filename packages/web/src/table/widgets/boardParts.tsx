/**
 * What a player's board is drawn from (`BoardProps`) and the parts that the full board
 * (PlayerBoard) and a rival's compact one (RivalBody) both draw: the gang and the resources.
 */
import {
  type GameView,
  type KeptResource,
  type Member,
  type Move,
  playerAt,
  type Seat,
} from '@gangsta/engine';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lookup } from '../../game/derive.ts';
import { BankControl, isBankMove } from '../decision/BankControl.tsx';
import { useTablePlay } from '../tablePlay.tsx';
import type { TablePlayer } from '../tableSource.ts';
import type { CardState } from './cardStates.ts';
import { TableCard } from './TableCard.tsx';

export interface BoardProps {
  view: GameView;
  seat: Seat;
  players: readonly TablePlayer[];
  /** An opponent's board at the side of the table: chips instead of cards. */
  compact?: boolean;
  states: ReadonlyMap<string, CardState>;
  legal: readonly Move[];
  /** A board drawn alone; at the table these come from the TablePlay context (tablePlay.tsx). */
  onPlay?: (move: Move) => void;
  moveText?: (move: Move) => string;
  flash?: ReadonlySet<string> | undefined;
  hint?: ReadonlySet<string> | undefined;
  /** Members already activated in the heist being put together. */
  activated?: ReadonlySet<string>;
  /** The "engage everyone" order: member id → place. */
  order?: ReadonlyMap<string, number>;
  /** The hint names this player (Theft, Assassination): the board's button is marked. */
  hintedTarget?: boolean;
  /** A move is on its way to the server: no clicks meanwhile. */
  busy?: boolean;
  /** Extra content under the board (the replay's revealed cards). */
  extra?: ReactNode;
}

export function MemberList({
  members,
  props,
  label,
}: {
  members: Member[];
  props: BoardProps;
  label: string;
}) {
  const { view } = props;
  return (
    <ul
      className="cards board__gang"
      aria-label={label}
      style={{ '--count': members.length } as CSSProperties}
    >
      {members.map((member) => (
        <li key={member.id} className="slot">
          <TableCard
            cards={view.cards}
            id={member.id}
            member={member}
            state={props.busy ? undefined : props.states.get(member.id)}
            chip={props.compact}
            flash={props.flash?.has(member.id)}
            hinted={props.hint?.has(member.id)}
            selected={props.activated?.has(member.id)}
            order={props.order?.get(member.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function resourceState(props: BoardProps, resource: KeptResource): CardState | undefined {
  if (props.busy || props.seat !== props.view.viewer) return undefined;
  const effect = lookup(props.view).resource(resource.id).effect;
  const hq = props.legal.find((m) => m.type === 'headquarters');
  return effect === 'headquarters' && hq ? { kind: 'legal', move: hq } : undefined;
}

export function Resources({ props }: { props: BoardProps }) {
  const { t } = useTranslation();
  const { view, seat } = props;
  const player = playerAt(view, seat);
  const cards = lookup(view);
  const { play } = useTablePlay();
  if (player.resources.length === 0) return null;
  const bankMoves = seat === view.viewer ? props.legal.filter(isBankMove) : [];
  return (
    <ul className="cards board__resources" aria-label={t('table.resources')}>
      {player.resources.map((r) => (
        <li key={r.id} className="slot slot--resource">
          <TableCard
            cards={view.cards}
            id={r.id}
            active={r.active}
            state={resourceState(props, r)}
            chip={props.compact}
            flash={props.flash?.has(r.id)}
          />
          {cards.resource(r.id).effect === 'bank' && play && bankMoves.length > 0 ? (
            <BankControl moves={bankMoves} play={play} disabled={props.busy} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
