// Staff notifications caused by events of a school (issue 11): a new application, a student added to a hlášenka, an
// exam result, a PDF ready, an accepted invite, a tier request. A write's event gets its staff bell from the
// notification and mail processors (events/processors.ts: `ringSchoolStaff`, then `mailSchoolStaff`, each in its own
// unit after the write's commit); `notifyUser` (a tier request's operators, a PDF ready) is called in the caller's unit.
//
// - The row goes to the bell's list of each member (or one user); `NotificationMessage` reaches their open sessions
//   after commit. An event notification (event set) is never shown in the shell's notification modal, which is kept
//   for the operator's own messages (GENERIC, UNPAID_GROUP).
// - The member who caused the event gets it already read (no bell for your own action).
// - Members who chose the event in Uživatelské Nastavení → Oznámení get it by e-mail too, through the outbox.
import type { DbOrTx } from '@volant/db/client';
import { type NotificationEvent, PDF_KIND_LABELS, PDF_KIND_READY, type PdfKind, type StaffRole } from '@volant/shared/enums';
import { type After, inTransaction } from '../../lib/unit-of-work.ts';
import { notificationMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findEmailRecipient, insertNotification, listEmailRecipients, markNotificationRead } from './notification.queries.ts';

export interface SchoolNotification {
  schoolId: string;
  event: NotificationEvent;
  title: string;
  message: string;
  /** An /app path the notification opens (the student card, the applications list…). */
  link?: string | null;
  /** Only members with these roles (null: every active member). */
  staffRoles?: StaffRole[] | null;
  /** The member who caused it: gets it as read, and no e-mail. */
  actorUserId?: string | null;
}

/** One notification for the school's staff (see the file comment): the bell, then the e-mails. Returns its id. */
export async function notifySchoolStaff(deps: Pick<AppDeps, 'config'>, tx: DbOrTx, after: After, n: SchoolNotification): Promise<string> {
  const id = await ringSchoolStaff(tx, after, n);
  await mailSchoolStaff(deps, tx, after, n);
  return id;
}

/** The bell's part: the row for the members (already read for the actor) and `NotificationMessage`. Returns its id. */
export async function ringSchoolStaff(tx: DbOrTx, after: After, n: SchoolNotification): Promise<string> {
  const id = await insertNotification(tx, {
    schoolId: n.schoolId,
    type: 'GENERIC',
    event: n.event,
    link: n.link ?? null,
    staffRoles: n.staffRoles ?? null,
    title: n.title,
    message: n.message,
  });
  if (n.actorUserId) await markNotificationRead(tx, id, n.actorUserId);
  const message = { NotificationMessage: { id, type: 'GENERIC' } };
  after.live((live) => live.toSchool(n.schoolId, message));
  return id;
}

/** The e-mail part: a copy to each member who chose the event, except the actor. */
export async function mailSchoolStaff(deps: Pick<AppDeps, 'config'>, tx: DbOrTx, after: After, n: SchoolNotification) {
  for (const r of await listEmailRecipients(tx, n.schoolId, n.event, n.staffRoles ?? null)) {
    if (r.id === n.actorUserId) continue;
    await after.mail('NOTIFICATION', notificationMail(r.email, { title: n.title, message: n.message, url: appUrl(deps, n.link) }));
  }
}

export interface UserNotification {
  userId: string;
  event: NotificationEvent;
  title: string;
  message: string;
  link?: string | null;
}

/** One notification for one user (a PDF ready for whoever asked, a tier request for an operator). Returns its id. */
export async function notifyUser(deps: Pick<AppDeps, 'config'>, tx: DbOrTx, after: After, n: UserNotification): Promise<string> {
  const id = await insertNotification(tx, { userId: n.userId, type: 'GENERIC', event: n.event, link: n.link ?? null, title: n.title, message: n.message });
  const email = await findEmailRecipient(tx, n.userId, n.event);
  if (email) await after.mail('NOTIFICATION', notificationMail(email, { title: n.title, message: n.message, url: appUrl(deps, n.link) }));
  const message = { NotificationMessage: { id, type: 'GENERIC' } };
  after.live((live) => live.toUser(n.userId, message));
  return id;
}

const appUrl = (deps: Pick<AppDeps, 'config'>, link: string | null | undefined) => `${deps.config.publicUrl}${link ?? '/app'}`;

/** A PDF job finished: the requester's bell (and e-mail, when chosen) says so, with the way to Historie PDF. */
export async function notifyPdfReady(deps: AppDeps, row: { id: string; kind: PdfKind; requestedBy: string | null }) {
  const userId = row.requestedBy;
  if (!userId) return;
  await inTransaction(deps, (tx, after) =>
    notifyUser(deps, tx, after, {
      userId,
      event: 'PDF_READY',
      title: 'PDF je připraveno',
      message: `${PDF_KIND_LABELS[row.kind]} ${PDF_KIND_READY[row.kind]} ke stažení.`,
      link: '/app/settings/pdf-history',
    }),
  );
}
