// One event per write (docs/decisions/0007-events-and-processors.md): what happened, recorded as the write's audit
// entry in the write's transaction, and handed after commit to the processors (processors.ts) — the live messages,
// the staff's bell, their e-mails. A write site makes this one call where it used to call audit, `after.live` and
// notify separately:
//
//   await recordEvent(deps, tx, after, { name: 'student.update', schoolId, userId, entityType: 'student', entityId, data });
//
// (record.ts). What an event means to each processor is declared by its feature, beside its service, in
// `<feature>.events.ts` (types from this file only), and processors.ts lists those files and the processors.
import type { DbOrTx } from '@volant/db/client';
import type { SchoolNotification } from '../features/notification/notify.ts';
import type { SchoolId } from '../lib/tenant.ts';
import type { Live } from '../live/live.ts';

export interface AppEvent<Data = unknown> {
  /** What happened, `<domain>.<verb>` (the audit entry's action). */
  name: string;
  /** The school it happened in, proven by the ladder (null: outside any school). */
  schoolId: SchoolId | null;
  /** Who did it (null: the public, the system). */
  userId: string | null;
  entityType: string;
  entityId?: string | null;
  data?: Data;
}

/** What one event means to the processors; each part optional. */
export interface EventDefinition<Data = unknown> {
  /** The socket messages, published after commit (`db` for an id the event's data does not carry). */
  live?(live: Live, event: AppEvent<Data>, db: DbOrTx): void | Promise<void>;
  /** The staff's bell (and their e-mail copy): read after commit, so it may look up names. */
  notification?(db: DbOrTx, event: AppEvent<Data>): Promise<SchoolNotification | null>;
}

/** A feature's events, by name; `Data` maps each name to its data's type. */
export type EventDefinitions<Data extends Record<string, unknown> = Record<string, unknown>> = {
  [Name in keyof Data]: EventDefinition<Data[Name]>;
};
