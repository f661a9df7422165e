// Uživatelské Nastavení → 'Odkaz pro kalendář': the signed-in member's own rides and lessons (as the teacher) in the
// active school, as a calendar subscription (calendarFeed.getMine / rotateMine).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { CalendarFeedView } from '../calendar-feed/calendar-feed-view.tsx';

export function CalendarFeedCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const feed = useQuery(trpc.calendarFeed.getMine.queryOptions(school));
  const rotate = useMutation(trpc.calendarFeed.rotateMine.mutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  const onRotate = () =>
    rotate.mutate(schoolOf(school), {
      onSuccess: (made) => {
        setUrl(made.url);
        void queryClient.invalidateQueries(trpc.calendarFeed.getMine.pathFilter());
      },
    });
  const error = feed.isError ? describeError(feed.error).message : rotate.isError ? describeError(rotate.error).message : null;
  return (
    <CalendarFeedView
      feed={feed.data}
      url={url}
      rotating={rotate.isPending}
      error={error}
      onRotate={onRotate}
      contents="jízdy a výuku, které učíte v této autoškole,"
    />
  );
}
