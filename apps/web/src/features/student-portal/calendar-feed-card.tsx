// Můj výcvik → 'Odkaz pro kalendář' (issue 19 §4): the student's own rides and theory lessons as a calendar
// subscription. Self-contained on the student's own client (useStudentTRPC), never the staff one; the lead puts it
// into the student place.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/trpc.ts';
import { CalendarFeedView } from '../calendar-feed/calendar-feed-view.tsx';
import { useStudentTRPC } from './student-trpc.ts';

export function StudentCalendarFeedCard() {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.calendarFeed.getMyFeed.queryOptions());
  const rotate = useMutation(trpc.calendarFeed.rotateMyFeed.mutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        void queryClient.invalidateQueries(trpc.calendarFeed.getMyFeed.pathFilter());
      },
    });
  const error = feed.isError ? describeError(feed.error).message : rotate.isError ? describeError(rotate.error).message : null;
  return <CalendarFeedView feed={feed.data} url={url} rotating={rotate.isPending} error={error} onRotate={onRotate} contents="své jízdy a výuku" />;
}
