import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CALENDAR_VIEWS,
  EMAIL_TOKEN_KINDS,
  FEATURE_FLAGS,
  LANDING_PAGES,
  MAIL_KINDS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_TYPES,
  STAFF_ROLES,
  USER_ROLES,
} from '@volant/shared/enums';
import { eachOneOf, oneOf } from './checks.ts';
import { createdAt, id } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased and trimmed. */
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    role: text({ enum: USER_ROLES }).notNull().default('USER'),
    isActivated: boolean().notNull().default(false),
    activeSchoolId: uuid(),
    /** User settings: the page after login (null: Přehled) and the calendar's first view (null: week, day on a phone). */
    landingPage: text({ enum: LANDING_PAGES }),
    calendarView: text({ enum: CALENDAR_VIEWS }),
    /** User settings: the notification events that also arrive by e-mail. */
    emailNotificationEvents: text({ enum: NOTIFICATION_EVENTS }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    oneOf('users_role_check', t.role, USER_ROLES),
    oneOf('users_landing_page_check', t.landingPage, LANDING_PAGES),
    oneOf('users_calendar_view_check', t.calendarView, CALENDAR_VIEWS),
    eachOneOf('users_email_notification_events_check', t.emailNotificationEvents, NOTIFICATION_EVENTS),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: EMAIL_TOKEN_KINDS }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    /**
     * A registration (kind CONFIRM) carries what was registered with it: confirming this link puts exactly this
     * password and these names in force, so whoever registered the address first cannot keep the account.
     */
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId),
    oneOf('email_tokens_kind_check', t.kind, EMAIL_TOKEN_KINDS),
  ],
);

/** A flag row with no user is on for everybody; a row with a user turns it on for that user. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: id(),
    name: text({ enum: FEATURE_FLAGS }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    isEnabled: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feature_flags_name_user_key').on(t.name, sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
    oneOf('feature_flags_name_check', t.name, FEATURE_FLAGS),
  ],
);

/**
 * A notification for one user (userId) or for the members of a school (schoolId; only those whose role is in
 * staffRoles when that is set, e.g. UNPAID_GROUP to the school's admins).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid(),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    /** What caused it (an event of the school); null: the operator's own message, shown in the notification modal. */
    event: text({ enum: NOTIFICATION_EVENTS }),
    /** Where in the app it leads (an /app path), e.g. the student card or the applications list. */
    link: text(),
    staffRoles: text({ enum: STAFF_ROLES }).array(),
    title: text().notNull(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_school_idx').on(t.schoolId, t.createdAt.desc()),
    oneOf('notifications_type_check', t.type, NOTIFICATION_TYPES),
    oneOf('notifications_event_check', t.event, NOTIFICATION_EVENTS),
    eachOneOf('notifications_staff_roles_check', t.staffRoles, STAFF_ROLES),
  ],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  email: text().notNull(),
  message: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Who did what, when. Kept for legal records (5 years); never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    schoolId: uuid(),
    userId: uuid(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: uuid(),
    data: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_school_idx').on(t.schoolId, t.createdAt),
    index('audit_log_entity_idx').on(t.schoolId, t.entityId),
    /** The schools an account founded lately (features/school: the daily limit). */
    index('audit_log_school_create_idx').on(t.userId, t.createdAt).where(sql`${t.action} = 'school.create'`),
  ],
);

/**
 * E-mails to send, written in the transaction that caused them and sent after commit by a drainer: an SMTP outage
 * loses no mail and delays no answer. Rows of the last hour per recipient also bound how many mails one address gets.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text({ enum: MAIL_KINDS }).notNull(),
    /** Lower-cased e-mail address. */
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** A QR Platba (SPAYD text) drawn as the mail's inline image `cid:qr-platba@volant` when it is sent. */
    qrPayment: text(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_recipient_idx').on(t.recipient, t.kind, t.createdAt),
    oneOf('mail_outbox_kind_check', t.kind, MAIL_KINDS),
  ],
);
