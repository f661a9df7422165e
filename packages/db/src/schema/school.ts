import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES, TIER_UPGRADE_STATUSES, TIERS } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { users } from './identity.ts';
import { createdAt, id } from './columns.ts';

/** Limits per tier are data: an operator changes a row, not the code. Null means unlimited. */
export const tierLimits = pgTable(
  'tier_limits',
  {
    tier: text({ enum: TIERS }).primaryKey(),
    maxStudentsPerMonth: integer(),
  },
  (t) => [oneOf('tier_limits_tier_check', t.tier, TIERS)],
);

export const schools = pgTable(
  'schools',
  {
    id: id(),
    name: text().notNull(),
    number: text().notNull(),
    office: text().notNull(),
    numberPrague: text(),
    street: text().notNull(),
    streetCode: text().notNull(),
    city: text().notNull(),
    postCode: text().notNull(),
    operatorName: text(),
    operatorCompanyNumber: text(),
    operatorStreet: text(),
    operatorStreetCode: text(),
    operatorCity: text(),
    operatorPostCode: text(),
    /** DIČ; required on documents when the operator is a VAT payer (issue 9 invoices). */
    operatorVatId: text(),
    operatorVatPayer: boolean().notNull().default(false),
    /** The account students pay to, printed on invoices: normalized, '19-2000145399/0800' or a foreign IBAN (issue 17). */
    operatorBankAccount: text(),
    /** The account's electronic IBAN (CZ6508000000192000145399), for the QR Platba; set with the account. */
    operatorBankIban: text(),
    /** Days from issue to due date of a new invoice. */
    invoiceDueDays: integer().notNull().default(14),
    contactEmail: text(),
    contactPhone: text(),
    contactWeb: text(),
    tier: text({ enum: TIERS }).notNull().default('STARTER'),
    isBlocked: boolean().notNull().default(false),
    /** Public code of the school for the student pass links. */
    passCode: text().notNull().default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)`),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('schools_tier_check', t.tier, TIERS),
    /** The public pass links find the school by this code (case-insensitively): unique, and found by index. */
    uniqueIndex('schools_pass_code_key').on(sql`upper(${t.passCode})`),
  ],
);

/** A person working in a school. A teacher may exist before having a login (userId null). */
export const schoolMembers = pgTable(
  'school_members',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    role: text({ enum: STAFF_ROLES }).notNull(),
    isActive: boolean().notNull().default(true),
    firstName: text().notNull(),
    lastName: text().notNull(),
    degree: text(),
    birthDate: date({ mode: 'string' }),
    phone: text(),
    email: text(),
    /** Licence groups the teacher may teach (legal-cz §8.2). */
    groups: text().array().notNull().default(sql`'{}'::text[]`),
    /** The teacher's professional certificate (profesní osvědčení) valid until. */
    teacherLicenceValidUntil: date({ mode: 'string' }),
    /** 'Ranní přehled dne e-mailem' (Uživatelské nastavení, issue 19 §4): the member's day of rides and lessons at 6:00. */
    morningAgenda: boolean().notNull().default(false),
    /**
     * Kalendář's teacher and car filters (issue 20 §4), the member's last choice on any device: ids of the school's own
     * members and cars (at most 100); null = never chosen, [] = 'Všichni učitelé' / 'Všechna vozidla' chosen.
     */
    calendarTeacherFilter: uuid().array(),
    calendarCarFilter: uuid().array(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('school_members_school_id_id_key').on(t.schoolId, t.id),
    uniqueIndex('school_members_school_user_key').on(t.schoolId, t.userId),
    index('school_members_user_idx').on(t.userId),
    oneOf('school_members_role_check', t.role, STAFF_ROLES),
  ],
);

export const schoolInvites = pgTable(
  'school_invites',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: STAFF_ROLES }).notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    /** Invites expire (14 days); resending renews the code and the date. */
    expiresAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '14 days'`),
  },
  (t) => [
    uniqueIndex('school_invites_token_hash_key').on(t.tokenHash),
    uniqueIndex('school_invites_pending_key').on(t.schoolId, t.email).where(sql`${t.usedAt} is null and ${t.declinedAt} is null`),
    index('school_invites_email_idx').on(t.email),
    oneOf('school_invites_role_check', t.role, STAFF_ROLES),
  ],
);

/** A school's request for another tier (Tarif page); the operator settles it by changing the tier or cancelling it. */
export const tierUpgradeRequests = pgTable(
  'tier_upgrade_requests',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    requestedTier: text({ enum: TIERS }).notNull(),
    note: text(),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: TIER_UPGRADE_STATUSES }).notNull().default('PENDING'),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    /** At most one open request per school. */
    uniqueIndex('tier_upgrade_requests_pending_key').on(t.schoolId).where(sql`${t.status} = 'PENDING'`),
    index('tier_upgrade_requests_school_idx').on(t.schoolId, t.createdAt.desc()),
    oneOf('tier_upgrade_requests_tier_check', t.requestedTier, TIERS),
    oneOf('tier_upgrade_requests_status_check', t.status, TIER_UPGRADE_STATUSES),
  ],
);
