// Messages of the `live-update` socket event (spec §4). Bodies carry ids only.
export const LIVE_EVENT = 'live-update';

export type LiveMessage =
  | { SchoolInviteCreatedMessage: { inviteId: string } }
  | { SchoolInviteRemovedMessage: { schoolId: string } }
  | { NotificationMessage: { id: string; type: string } }
  | { NotificationReadMessage: { id: string } }
  | { GroupBlockedMessage: { schoolId: string; isBlocked: boolean } }
  // The operator changed the school's tier, or its upgrade request changed (sent, settled): usage and the request.
  | { TierChangedMessage: { schoolId: string } }
  | { OnNewStudentMessage: { schoolId: string; studentId: string } }
  | { StudentInfoMessage: { schoolId: string; studentId: string } }
  | { PaymentItemMessage: { schoolId: string; studentId: string } }
  // An exam term or its sign-ups/results changed (each affected student also gets StudentInfoMessage).
  | { ExamMessage: { schoolId: string; examId: string } }
  | { TeachingLessonRecordMessage: { schoolId: string; studentId: string } }
  // A ride, PV lesson or car reservation was created, changed or deleted (studentId null for a reservation).
  | { DrivingLessonRecordMessage: { schoolId: string; studentId: string | null; recordId: string } }
  // A vehicle of the school was created, edited or retired.
  | { SchoolCarMessage: { schoolId: string; schoolCarId: string } }
  // A teacher's profile was created or edited (name, groups, licence expiry).
  | { TeacherMessage: { schoolId: string; memberId: string } }
  // A teacher's Dostupnost changed (weekly hours, absences, usual cars).
  | { AvailabilityMessage: { schoolId: string; teacherId: string } }
  // The school's rules for rides students book (Nastavení → 'Rezervace jízd') changed.
  | { BookingSettingsMessage: { schoolId: string } }
  // The school's own lesson plan figures changed.
  | { LessonPlanMessage: { schoolId: string } }
  // A hlášenka changed: its list of students, or sent/unsent. State changes that put students on or off one send it too.
  | { ReportMessage: { schoolId: string; reportId: string } }
  // An interpreter was created, edited or removed (the school's pickers and the students who name them).
  | { InterpreterMessage: { schoolId: string; interpreterId: string } }
  // The school's tags changed (created, renamed, removed). Attaching a tag to a student is that student's StudentInfoMessage.
  | { TagMessage: { schoolId: string; tagId: string } }
  // The school's price list (course prices or extras) changed: the settings, every card's default price and the owing list.
  | { PriceListMessage: { schoolId: string } }
  // A document (invoice, receipt, credit note) was issued or cancelled; the student's Platba tab lists it.
  | { InvoiceMessage: { schoolId: string; invoiceId: string; studentId: string } }
  // The operator switched a feature flag (for this user or for everybody): the user's sessions reload their flags.
  | { FeatureFlagsMessage: Record<string, never> }
  // An application of the public form arrived, or the office admitted or rejected one (the list and the count).
  | { ApplicationMessage: { schoolId: string; applicationId: string } }
  // The school's application forms (or their courses) changed.
  | { ApplicationFormMessage: { schoolId: string; formId: string } }
  // The user's own profile or settings changed in another session (name, landing page, e-mail preferences).
  | { UserSettingsMessage: Record<string, never> }
  // A student disputed a record of theirs, or the office resolved a dispute: the card's 'Rozporováno' / 'Vyřešeno'.
  | { RecordDisputeMessage: { schoolId: string; studentId: string } }
  | { OnPdfFileChanged: { id: string; status: 'done' | 'error'; clientCode: string; fileUrl?: string; type: string; fileName?: string } };

export type LiveMessageName = LiveMessage extends infer M ? (M extends Record<infer K, unknown> ? K : never) : never;

export const userRoom = (userId: string) => `user:${userId}`;
export const schoolRoom = (schoolId: string) => `school:${schoolId}`;
