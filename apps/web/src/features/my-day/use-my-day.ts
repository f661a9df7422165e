// The state of 'Můj den': the stored day (IndexedDB) with the teacher's unsent actions applied on top, refreshed from
// the server when there is a connection, and the outbox sent whenever the connection is (back). A ride with unsent
// actions keeps the version the device based them on, so the server can tell when the office changed it meanwhile.
import type { DayActionBody } from '@volant/shared/my-day/inputs';
import { unsentCount } from '@volant/shared/my-day/rules';
import { addDays, schoolToday } from '@volant/shared/school-time';
import { useCallback, useEffect, useState } from 'react';
import { useAppStore } from '../../app/store.ts';
import { browserNow } from '../../lib/clock.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { lessonsWithLocalMarks, mergeFetched, withLocalActions } from './day-merge.ts';
import { type DayAnswer, enqueue, listOutbox, pruneDays, readDay, type StoredEntry, writeDay } from './day-store.ts';
import { flush, keepMine, type Send, serverRefusal, takeOffice, sendWithReason } from './outbox.ts';

const send: Send = (input) => trpcClient.myDay.act.mutate(input);

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function useMyDay(date: string) {
  const userId = useAppStore((s) => s.user?.id ?? null);
  const schoolId = useAppStore((s) => s.activeSchoolId);
  const [day, setDay] = useState<DayAnswer | null>(null);
  const [entries, setEntries] = useState<StoredEntry[]>([]);
  const [online, setOnline] = useState(isOnline());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!userId || !schoolId) return;
    const [stored, list] = await Promise.all([readDay(userId, schoolId, date), listOutbox(userId)]);
    setEntries(list.filter((e) => e.schoolId === schoolId));
    setDay(stored?.day ?? null);
    return { stored, list };
  }, [userId, schoolId, date]);

  const fetchDay = useCallback(
    async (d: string) => {
      if (!userId || !schoolId) return;
      const fetched = await trpcClient.myDay.getDay.query({ schoolId, date: d });
      const [stored, list] = await Promise.all([readDay(userId, schoolId, d), listOutbox(userId)]);
      await writeDay(userId, schoolId, mergeFetched(fetched, stored?.day, list), browserNow());
    },
    [userId, schoolId],
  );

  const sync = useCallback(async () => {
    if (!userId || !schoolId) return;
    await flush(userId, send);
    await reload();
  }, [userId, schoolId, reload]);

  const refresh = useCallback(async () => {
    if (!userId || !schoolId) return;
    setLoading(true);
    await reload();
    try {
      if (isOnline()) {
        await flush(userId, send);
        const today = schoolToday(browserNow());
        const keep = [today, addDays(today, 1)];
        // Today and tomorrow are kept on the device; the day on screen too while it is open.
        await Promise.all([...new Set([...keep, date])].map((d) => fetchDay(d)));
        await pruneDays(userId, [...keep, date]);
        setError(null);
      }
    } catch (e) {
      setError(serverRefusal(e) ?? null);
    }
    await reload();
    setLoading(false);
  }, [userId, schoolId, date, reload, fetchDay]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    const on = () => {
      setOnline(true);
      void refresh();
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // A connection that came back without the event (or a server that was down): try again now and then.
    const timer = window.setInterval(() => {
      if (isOnline()) void sync();
    }, 20_000);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
      window.clearInterval(timer);
    };
  }, [refresh, sync]);

  const act = useCallback(
    async (recordId: string, action: DayActionBody) => {
      if (!userId || !schoolId) return;
      await enqueue(userId, { schoolId, date, recordId, action }, browserNow());
      await reload();
      if (isOnline()) await sync();
    },
    [userId, schoolId, date, reload, sync],
  );

  const resolve = useCallback(
    async (entry: StoredEntry, choice: 'MINE' | 'OFFICE' | { reason: string }) => {
      if (!userId) return;
      await (choice === 'MINE' ? keepMine(userId, entry) : choice === 'OFFICE' ? takeOffice(userId, entry) : sendWithReason(userId, entry, choice.reason));
      await reload();
      if (isOnline()) await sync();
    },
    [userId, reload, sync],
  );

  const rides = day ? withLocalActions(day, entries) : [];
  const groupLessons = day ? lessonsWithLocalMarks(day, entries) : [];
  return { day, rides, groupLessons, entries, unsent: unsentCount(entries), online, loading, error, act, resolve, sync };
}
