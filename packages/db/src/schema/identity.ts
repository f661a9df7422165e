import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_TOKEN_KINDS, FEATURE_FLAGS, MAIL_KINDS, NOTIFICATION_TYPES, USER_ROLES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
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
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), oneOf('users_role_check', t.role, USER_ROLES)],
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

/** A notification for one user (userId) or for every member of a school (schoolId). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid(),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    title: text().notNull(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId),
    index('notifications_school_idx').on(t.schoolId),
    oneOf('notifications_type_check', t.type, NOTIFICATION_TYPES),
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
  (t) => [index('audit_log_school_idx').on(t.schoolId, t.createdAt), index('audit_log_entity_idx').on(t.schoolId, t.entityId)],
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
