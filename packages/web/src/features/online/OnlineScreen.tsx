/** The online part of the app, by route: home and lobby, create a table, My games, a table. */
import { useMemo } from 'react';
import type { Session } from '../game/session.ts';
import { CreateTable } from './CreateTable.tsx';
import { onlineClient } from './client.ts';
import { MyGames } from './MyGames.tsx';
import { OnlineHome } from './OnlineHome.tsx';
import { PlayerProfile } from './PlayerProfile.tsx';
import { Ratings } from './Ratings.tsx';
import type { OnlineRoute } from './routes.ts';
import { TableRoom } from './TableRoom.tsx';
import './online.css';

export function OnlineScreen({ session, route }: { session: Session; route: OnlineRoute }) {
  const client = useMemo(() => onlineClient(() => session.bots()), [session]);
  if (route.page === 'new') return <CreateTable client={client} />;
  if (route.page === 'games') return <MyGames client={client} />;
  if (route.page === 'ratings') return <Ratings client={client} />;
  if (route.page === 'player') return <PlayerProfile client={client} username={route.username} />;
  if (route.page === 'table') {
    return (
      <TableRoom
        key={route.table}
        client={client}
        session={session}
        tableId={route.table}
        invite={route.invite}
      />
    );
  }
  return <OnlineHome client={client} />;
}

export default OnlineScreen;
