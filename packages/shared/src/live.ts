// Messages of the `live-update` socket event (spec §4). Bodies carry ids only.
export const LIVE_EVENT = 'live-update';

export type LiveMessage =
  | { SchoolInviteCreatedMessage: { inviteId: string } }
  | { SchoolInviteRemovedMessage: { schoolId: string } }
  | { NotificationMessage: { id: string; type: string } }
  | { NotificationReadMessage: { id: string } }
  | { GroupBlockedMessage: { schoolId: string; isBlocked: boolean } }
  | { TierChangedMessage: { schoolId: string } }
  | { OnNewStudentMessage: { schoolId: string; studentId: string } }
  | { StudentInfoMessage: { schoolId: string; studentId: string } }
  | { PaymentItemMessage: { schoolId: string; studentId: string } }
  | { TeachingLessonRecordMessage: { schoolId: string; studentId: string } }
  | { DrivingLessonRecordMessage: { schoolId: string; studentId: string } }
  // A hlášenka changed: its list of students, or sent/unsent. State changes that put students on or off one send it too.
  | { ReportMessage: { schoolId: string; reportId: string } }
  // An interpreter was created, edited or removed (the school's pickers and the students who name them).
  | { InterpreterMessage: { schoolId: string; interpreterId: string } }
  // The school's tags changed (created, renamed, removed). Attaching a tag to a student is that student's StudentInfoMessage.
  | { TagMessage: { schoolId: string; tagId: string } }
  | { OnPdfFileChanged: { id: string; status: 'done' | 'error'; clientCode: string; fileUrl?: string; type: string } };

export type LiveMessageName = LiveMessage extends infer M ? (M extends Record<infer K, unknown> ? K : never) : never;

export const userRoom = (userId: string) => `user:${userId}`;
export const schoolRoom = (schoolId: string) => `school:${schoolId}`;
