// Enumerations of spec §3 with their Czech labels. One place for web, server, PDFs and e-mails.

export const STUDENT_STATES = ['WAITING_FOR_ADMISSION', 'NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE', 'STORNO'] as const;
export type StudentState = (typeof STUDENT_STATES)[number];
export const STUDENT_STATE_LABELS: Record<StudentState, string> = {
  NOT_STARTED: 'Nezahájen',
  WAITING_FOR_ADMISSION: 'Čeká na přijetí',
  IN_PROGRESS: 'Probíhající',
  FINISHED: 'Ukončen',
  TO_EXAM: 'Ke zkouškám',
  EXAM_CORRECTION: 'Oprava',
  DONE: 'Absolvován',
  STORNO: 'Stornován',
};

export const LICENCE_GROUPS = ['B', 'Ba', 'B96', 'BpE', 'AM', 'A1', 'A2', 'A', 'C', 'CpE', 'D', 'DpE', 'T', 'C1', 'C1pE', 'D1', 'D1pE', 'B1'] as const;
export type LicenceGroup = (typeof LICENCE_GROUPS)[number];
export const LICENCE_GROUP_LABELS: Record<LicenceGroup, string> = Object.fromEntries(LICENCE_GROUPS.map((g) => [g, g.replace('pE', '+E')])) as Record<
  LicenceGroup,
  string
>;
export const LICENCE_GROUPINGS: { label: string; groups: LicenceGroup[] }[] = [
  { label: 'Osobní automobily a přívěsy', groups: ['B', 'Ba', 'B96', 'BpE'] },
  { label: 'Motocykly', groups: ['AM', 'A1', 'A2', 'A'] },
  { label: 'Nákladní automobily, autobusy a traktory', groups: ['C', 'CpE', 'D', 'DpE', 'T'] },
  { label: 'Ostatní', groups: ['C1', 'C1pE', 'D1', 'D1pE', 'B1'] },
];

export const TRAINING_KINDS = ['BASIC', 'EXPANDING', 'ASSOCIATED', 'COMPLEMENTARY'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];
export const TRAINING_KIND_LABELS: Record<TrainingKind, string> = {
  BASIC: 'Základní',
  EXPANDING: 'Rozšiřující',
  ASSOCIATED: 'Sdružený',
  COMPLEMENTARY: 'Doplňovací',
};

export const TRAINING_TYPES = ['ISP', 'COURSE', 'VRP'] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];
export const TRAINING_TYPE_LABELS: Record<TrainingType, string> = {
  ISP: 'ISP (individuální studijní plán)',
  COURSE: 'Kurz',
  VRP: 'VRP',
};

export const TIERS = ['STARTER', 'PREMIUM', 'ENTERPRISE'] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_LABELS: Record<Tier, string> = {
  STARTER: 'Starter',
  PREMIUM: 'Premium',
  ENTERPRISE: 'Enterprise',
};

export const STAFF_ROLES = ['ADMIN', 'TEACHER', 'ASSISTANT', 'PARAMEDIC'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  ADMIN: 'Administrátor',
  TEACHER: 'Učitel',
  ASSISTANT: 'Asistent',
  PARAMEDIC: 'Zdravotník',
};

export const USER_ROLES = ['ADMIN', 'USER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const NOTIFICATION_TYPES = ['GENERIC', 'UNPAID_GROUP'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const FEATURE_FLAGS = ['DEBUG', 'VERSION_2_1'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const TAG_ENTITY_TYPES = ['STUDENT'] as const;
export type TagEntityType = (typeof TAG_ENTITY_TYPES)[number];

export const CZECH_CITIZENSHIP = 'Česká republika';

/** What an e-mail link of a user is for: confirming the address, or resetting the password. */
export const EMAIL_TOKEN_KINDS = ['CONFIRM', 'RESET'] as const;
export type EmailTokenKind = (typeof EMAIL_TOKEN_KINDS)[number];

/** The kinds of mail in the outbox (each with its own hourly limit per recipient). */
export const MAIL_KINDS = ['CONFIRM', 'RESET', 'INVITE', 'CONTACT', 'ACCOUNT_EXISTS'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
