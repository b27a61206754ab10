/**
 * The replay of a finished or imported game with the game's review under its final score: the
 * replay (features/replay) and the review (features/review) are two features, put together
 * here so that neither imports the other. A reviewed decision opens the replay before it.
 */
import { type ComponentProps, lazy } from 'react';
import ReplayViewer from '../features/replay/ReplayViewer.tsx';

const GameReview = lazy(() => import('../features/review/GameReview.tsx'));

export default function ReplayScreen(props: ComponentProps<typeof ReplayViewer>) {
  const { session, record } = props;
  return (
    <ReplayViewer
      {...props}
      review={({ seats, players, onShow }) => (
        <GameReview
          bots={() => session.bots()}
          record={record}
          seats={seats}
          players={players}
          iterations={session.getSnapshot().settings.reviewIterations}
          onShow={onShow}
        />
      )}
    />
  );
}
