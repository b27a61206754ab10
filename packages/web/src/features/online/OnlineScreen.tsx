/** The online part of the app, by route: home and lobby, create a table, My games, a table. */
import { useMemo } from 'react';
import type { Session } from '../../app/session.ts';
import { CreateTable } from './screens/CreateTable.tsx';
import { MyGames } from './screens/MyGames.tsx';
import { OnlineHome } from './screens/OnlineHome.tsx';
import { PlayerProfile } from './screens/PlayerProfile.tsx';
import { Ratings } from './screens/Ratings.tsx';
import { TableRoom } from './screens/TableRoom.tsx';
import { onlineClient } from './state/client.ts';
import type { OnlineRoute } from './state/routes.ts';
import './screens/online.css';

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
