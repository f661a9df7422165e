// The error catalogue of spec §8: app codes with their Czech texts. The server sends the code and the
// text; the web shows the text (and may pick a title by code).
import { INVOICE_MESSAGES } from './invoice/inputs.ts';
import { SCHOOL_LIMIT_MESSAGES } from './school/limits.ts';
import { STUDENT_PASS_MESSAGES } from './student-pass/code.ts';

export const APP_ERRORS = {
  INVALID_CREDENTIALS: 'Nesprávné přihlašovací údaje.',
  NOT_ACTIVATED: 'Účet není aktivován. Aktivujte ho prosím přes odkaz v e-mailu.',
  EMAIL_TAKEN: 'Uživatel s tímto e-mailem již existuje.',
  INVALID_CODE: 'Odkaz je neplatný nebo jeho platnost vypršela.',
  STUDENT_NOT_FOUND: 'Student nebyl nalezen',
  DUPLICATE_REGISTRATION_NUMBER: 'Uživatel s tímto evidenčním číslem již existuje!',
  NO_CHANGES: 'Nebyly provedeny žádné změny!',
  NOT_FOUND: 'Záznam nebyl nalezen.',
  FORBIDDEN: 'K této akci nemáte oprávnění.',
  UNAUTHORIZED: 'Přihlášení vypršelo. Přihlaste se prosím znovu.',
  RATE_LIMITED: 'Příliš mnoho pokusů. Zkuste to prosím znovu za chvíli.',
  GROUP_BLOCKED: 'Autoškola je zablokována.',
  TIER_LIMIT: 'Autoškola dosáhla měsíčního limitu nových žáků pro tarif Starter. Pro další žáky přejděte na vyšší tarif.',
  INVALID_STATE_TRANSITION: 'Tento přechod stavu žáka není možný.',
  LEGAL_MINIMUM_NOT_MET: 'Žák nemá absolvovaný rozsah výuky a výcviku stanovený zákonem.',
  EARLY_END_REASON_REQUIRED: 'Prosím uveďte důvod předčasného ukončení výcviku.',
  LESSON_ATTENDED_IN_FUTURE: 'Lekci lze označit jako absolvovanou až v den, kdy proběhla.',
  LESSON_ATTENDED_WITHOUT_DATE: 'Absolvovaná lekce musí mít datum.',
  STATE_DATE_IN_FUTURE: 'Výcvik nelze ukončit s budoucím datem.',
  ALREADY_MEMBER: 'Uživatel už je členem autoškoly.',
  INVITE_EXISTS: 'Pozvánka pro tento e-mail už byla odeslána.',
  REPORT_SENT: 'Hlášenka už byla odeslána na úřad a nelze ji měnit.',
  INVALID_INPUT: 'Neplatné zadání.',
  // The transport's refusals (issue 17): malformed tRPC/superjson requests and bodies over their limit; details in the log only.
  MALFORMED_REQUEST: 'Neplatný požadavek.',
  PAYLOAD_TOO_LARGE: 'Požadavek je příliš velký.',
  INTERNAL: 'Je nám líto, ale něco se nepovedlo. Zkuste to prosím znovu za chvilku.',
  INTERPRETER_NOT_FOUND: 'Tlumočník nebyl nalezen.',
  TAG_NOT_FOUND: 'Štítek nebyl nalezen.',
  TAG_NAME_TAKEN: 'Štítek s tímto názvem již existuje.',
  REPORT_NOT_FOUND: 'Hlášenka nebyla nalezena.',
  REPORT_OPEN_EXISTS: 'Pro tento den už existuje jiná neodeslaná hlášenka.',
  REPORT_EMPTY: 'Hlášenka nemá žádné žáky, nelze ji označit jako odeslanou.',
  STUDENT_LOG_NOT_FOUND: 'Záznam o změně stavu nebyl nalezen.',
  INVALID_TEXT: 'Text obsahuje nepovolené znaky.',
  INVALID_DATE: 'Neplatné datum.',
  ALREADY_EXISTS: 'Takový záznam už existuje.',
  TRAINING_COLLISION: 'Učitel, žák nebo vozidlo už má v tu dobu jiný výcvik.',
  TRAINING_NOT_ENDED: 'Výcvik lze zaevidovat až po jeho skončení.',
  DB_UNAVAILABLE: 'Databáze je dočasně nedostupná. Zkuste to prosím za chvíli.',
  SCHOOL_CAR_NOT_FOUND: 'Vozidlo nebylo nalezeno.',
  SCHOOL_CAR_REG_NUMBER_TAKEN: 'Vozidlo s touto SPZ již existuje!',
  SCHOOL_CAR_HAS_RIDES: 'Vozidlo má jízdy, nelze ho odstranit. Vyřaďte ho.',
  TEACHER_NOT_FOUND: 'Učitel nebyl nalezen.',
  LESSON_PLAN_BELOW_LAW: 'Počet hodin nesmí být nižší, než stanoví zákon.',
  PAYMENT_ITEM_NOT_FOUND: 'Platba nebyla nalezena.',
  STUDENT_CHARGE_NOT_FOUND: 'Položka nebyla nalezena.',
  EXAM_NOT_FOUND: 'Termín zkoušky nebyl nalezen.',
  EXAM_SIGN_UP_NOT_FOUND: 'Žák na tento termín a druh zkoušky přihlášen není.',
  EXAM_NOT_FINISHED: 'Žák musí nejdříve ukončit výcvik.',
  EXAM_SIGNED_ELSEWHERE: 'Student je přihlášen už na jiný termín',
  EXAM_RETRAINING_NEEDED: 'Po dvou neúspěšných opravných pokusech musí žák absolvovat novou výuku nebo výcvik.',
  EXAM_ALREADY_PASSED: 'Tuto část zkoušky žák už složil.',
  EXAM_TYPE_NOT_ON_TERM: 'Tento druh zkoušky se na termínu nekoná.',
  EXAM_GROUP_NOT_STUDENTS: 'Žák tuto skupinu nemá.',
  EXAM_HAS_RESULTS: 'Termín má zapsané výsledky, nelze ho odstranit.',
  EXAM_FULL: 'Termín je plně obsazen.',
  EXAM_NEW_TRAINING_NEEDED: 'Žák neuspěl ani po nové výuce a výcviku, musí absolvovat nový výcvik.',
  EXAM_WINDOW_PASSED: 'Lhůta 12 měsíců od první zkoušky uplynula, žák musí absolvovat nový výcvik.',
  EXAM_TERM_AFTER_WINDOW: 'Termín je až po uplynutí lhůty 12 měsíců od první zkoušky.',
  EXAM_TERM_BEFORE_RETRAINING: 'Termín je dříve než absolvování nové výuky a výcviku.',
  EXAM_RESULT_TOO_EARLY: 'Výsledek lze zapsat nejdříve v den zkoušky.',
  EXAM_RETRAINING_NOT_NEEDED: 'Nová výuka a výcvik této části zkoušky teď není potřeba.',
  EXAM_RETRAINING_BEFORE_FAIL: 'Datum absolvování nesmí být dříve než poslední neúspěšná zkouška.',
  EXAM_RETRAINING_IN_FUTURE: 'Datum absolvování nesmí být v budoucnosti.',
  EXAM_RETRAINING_NOT_FOUND: 'Záznam o nové výuce a výcviku nebyl nalezen.',
  EXAM_RETRAINING_USED: 'Po nové výuce a výcviku už byl žák přihlášen ke zkoušce, záznam nelze odstranit.',
  INVOICE_NOT_FOUND: 'Doklad nebyl nalezen.',
  INVOICE_OPERATOR_MISSING: INVOICE_MESSAGES.operatorMissing,
  INVOICE_VAT_ID_MISSING: INVOICE_MESSAGES.vatIdMissing,
  INVOICE_BANK_ACCOUNT_MISSING: INVOICE_MESSAGES.bankAccountMissing,
  INVOICE_BANK_ACCOUNT_INVALID: INVOICE_MESSAGES.bankAccountInvalid,
  INVOICE_CANCELLED: INVOICE_MESSAGES.cancelled,
  INVOICE_CREDIT_NOTE_NOT_CANCELLABLE: 'Opravný doklad nelze stornovat.',
  INVOICE_PAYMENT_HAS_DOCUMENT: 'K této platbě je již vystaven doklad.',
  PAYMENT_HAS_INVOICE: INVOICE_MESSAGES.paymentHasInvoice,
  PDF_KIND_UNSUPPORTED: 'Tento druh dokumentu nelze vytvořit.',
  PDF_FILE_NOT_FOUND: 'Soubor nebyl nalezen.',
  PDF_SUBJECT_NOT_FOUND: 'Podklad dokumentu nebyl nalezen.',
  STUDENT_PASS_INVALID: STUDENT_PASS_MESSAGES.invalid,
  STUDENT_PASS_THROTTLED: STUDENT_PASS_MESSAGES.throttled,
  STUDENT_PASS_NO_EMAIL: STUDENT_PASS_MESSAGES.noEmail,
  STUDENT_PASS_NOT_ADMITTED: 'Průkazku má žák až po přijetí do autoškoly.',
  // ——— issue 11 ———
  APPLICATION_FORM_NOT_FOUND: 'Přihláškový formulář nebyl nalezen.',
  APPLICATION_NOT_FOUND: 'Přihláška nebyla nalezena.',
  APPLICATION_DECIDED: 'O této přihlášce už bylo rozhodnuto.',
  APPLICATION_COURSE_NOT_FOUND: 'Vybraný kurz už není v nabídce. Načtěte prosím formulář znovu.',
  APPLICATION_ORIGIN_REFUSED: 'Formulář nelze odeslat z této stránky.',
  APPLICATION_TOO_FAST: 'Formulář byl odeslán příliš rychle. Zkontrolujte prosím údaje a odešlete ho znovu.',
  APPLICATION_ALREADY_SENT: 'Tato přihláška už byla odeslána. Chcete-li poslat další, načtěte prosím formulář znovu.',
  SCHOOL_CREATE_LIMIT: SCHOOL_LIMIT_MESSAGES.createLimit,
  WRONG_CURRENT_PASSWORD: 'Současné heslo není správné.',
  TIER_UPGRADE_PENDING: 'Žádost o změnu tarifu už byla odeslána a čeká na vyřízení.',
  TIER_UPGRADE_SAME: 'Tento tarif už máte.',
  // ——— issue 19 §3: the student's booking (the refusal's own text is the message) ———
  BOOKING_REFUSED: 'Jízdu nelze rezervovat.',
  BOOKING_TAKEN: 'Termín je už obsazený',
  BOOKING_LATE_CHARGE: 'Rušíte jízdu po lhůtě pro zrušení zdarma, potvrďte prosím poplatek.',
} as const;
export type AppErrorCode = keyof typeof APP_ERRORS;

/**
 * How an error travels, by its tRPC code (JSON-RPC error code and HTTP status, spec §7 "RPC error codes"). The server
 * picks it from APP_ERROR_KINDS by the error's code, never at the throw site.
 */
export type AppErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

/** The HTTP status of each kind: tRPC's mapping, so a plain-HTTP route answers as /api/trpc would. */
export const HTTP_STATUS_OF_KIND = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<AppErrorKind, number>;

/**
 * Each code's one transport kind: missing → not found, taken or in another state → conflict, a document's
 * prerequisite missing → precondition failed, a rule of the input → bad request. The login's two answers
 * (INVALID_CREDENTIALS, NOT_ACTIVATED) are states of a successful call; their kind says what they would be if thrown.
 */
export const APP_ERROR_KINDS = {
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  NOT_ACTIVATED: 'UNAUTHORIZED',
  EMAIL_TAKEN: 'CONFLICT',
  INVALID_CODE: 'NOT_FOUND',
  STUDENT_NOT_FOUND: 'NOT_FOUND',
  DUPLICATE_REGISTRATION_NUMBER: 'CONFLICT',
  NO_CHANGES: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  FORBIDDEN: 'FORBIDDEN',
  UNAUTHORIZED: 'UNAUTHORIZED',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  GROUP_BLOCKED: 'FORBIDDEN',
  TIER_LIMIT: 'FORBIDDEN',
  INVALID_STATE_TRANSITION: 'BAD_REQUEST',
  LEGAL_MINIMUM_NOT_MET: 'PRECONDITION_FAILED',
  EARLY_END_REASON_REQUIRED: 'BAD_REQUEST',
  LESSON_ATTENDED_IN_FUTURE: 'BAD_REQUEST',
  LESSON_ATTENDED_WITHOUT_DATE: 'BAD_REQUEST',
  STATE_DATE_IN_FUTURE: 'BAD_REQUEST',
  ALREADY_MEMBER: 'CONFLICT',
  INVITE_EXISTS: 'CONFLICT',
  REPORT_SENT: 'PRECONDITION_FAILED',
  INVALID_INPUT: 'BAD_REQUEST',
  MALFORMED_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  INTERPRETER_NOT_FOUND: 'NOT_FOUND',
  TAG_NOT_FOUND: 'NOT_FOUND',
  TAG_NAME_TAKEN: 'CONFLICT',
  REPORT_NOT_FOUND: 'NOT_FOUND',
  REPORT_OPEN_EXISTS: 'CONFLICT',
  REPORT_EMPTY: 'PRECONDITION_FAILED',
  STUDENT_LOG_NOT_FOUND: 'NOT_FOUND',
  INVALID_TEXT: 'BAD_REQUEST',
  INVALID_DATE: 'BAD_REQUEST',
  ALREADY_EXISTS: 'CONFLICT',
  TRAINING_COLLISION: 'CONFLICT',
  TRAINING_NOT_ENDED: 'BAD_REQUEST',
  DB_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SCHOOL_CAR_NOT_FOUND: 'NOT_FOUND',
  SCHOOL_CAR_REG_NUMBER_TAKEN: 'CONFLICT',
  SCHOOL_CAR_HAS_RIDES: 'CONFLICT',
  TEACHER_NOT_FOUND: 'NOT_FOUND',
  LESSON_PLAN_BELOW_LAW: 'BAD_REQUEST',
  PAYMENT_ITEM_NOT_FOUND: 'NOT_FOUND',
  STUDENT_CHARGE_NOT_FOUND: 'NOT_FOUND',
  EXAM_NOT_FOUND: 'NOT_FOUND',
  EXAM_SIGN_UP_NOT_FOUND: 'NOT_FOUND',
  EXAM_NOT_FINISHED: 'BAD_REQUEST',
  EXAM_SIGNED_ELSEWHERE: 'CONFLICT',
  EXAM_RETRAINING_NEEDED: 'BAD_REQUEST',
  EXAM_ALREADY_PASSED: 'CONFLICT',
  EXAM_TYPE_NOT_ON_TERM: 'BAD_REQUEST',
  EXAM_GROUP_NOT_STUDENTS: 'BAD_REQUEST',
  EXAM_HAS_RESULTS: 'CONFLICT',
  EXAM_FULL: 'CONFLICT',
  EXAM_NEW_TRAINING_NEEDED: 'BAD_REQUEST',
  EXAM_WINDOW_PASSED: 'BAD_REQUEST',
  EXAM_TERM_AFTER_WINDOW: 'BAD_REQUEST',
  EXAM_TERM_BEFORE_RETRAINING: 'BAD_REQUEST',
  EXAM_RESULT_TOO_EARLY: 'BAD_REQUEST',
  EXAM_RETRAINING_NOT_NEEDED: 'CONFLICT',
  EXAM_RETRAINING_BEFORE_FAIL: 'BAD_REQUEST',
  EXAM_RETRAINING_IN_FUTURE: 'BAD_REQUEST',
  EXAM_RETRAINING_NOT_FOUND: 'NOT_FOUND',
  EXAM_RETRAINING_USED: 'CONFLICT',
  INVOICE_NOT_FOUND: 'NOT_FOUND',
  INVOICE_OPERATOR_MISSING: 'PRECONDITION_FAILED',
  INVOICE_VAT_ID_MISSING: 'PRECONDITION_FAILED',
  INVOICE_BANK_ACCOUNT_MISSING: 'PRECONDITION_FAILED',
  INVOICE_BANK_ACCOUNT_INVALID: 'PRECONDITION_FAILED',
  INVOICE_CANCELLED: 'CONFLICT',
  INVOICE_CREDIT_NOTE_NOT_CANCELLABLE: 'CONFLICT',
  INVOICE_PAYMENT_HAS_DOCUMENT: 'CONFLICT',
  PAYMENT_HAS_INVOICE: 'CONFLICT',
  PDF_KIND_UNSUPPORTED: 'BAD_REQUEST',
  PDF_FILE_NOT_FOUND: 'NOT_FOUND',
  PDF_SUBJECT_NOT_FOUND: 'NOT_FOUND',
  STUDENT_PASS_INVALID: 'NOT_FOUND',
  STUDENT_PASS_THROTTLED: 'TOO_MANY_REQUESTS',
  STUDENT_PASS_NO_EMAIL: 'BAD_REQUEST',
  STUDENT_PASS_NOT_ADMITTED: 'BAD_REQUEST',
  APPLICATION_FORM_NOT_FOUND: 'NOT_FOUND',
  APPLICATION_NOT_FOUND: 'NOT_FOUND',
  APPLICATION_DECIDED: 'CONFLICT',
  APPLICATION_COURSE_NOT_FOUND: 'BAD_REQUEST',
  APPLICATION_ORIGIN_REFUSED: 'FORBIDDEN',
  APPLICATION_TOO_FAST: 'BAD_REQUEST',
  APPLICATION_ALREADY_SENT: 'CONFLICT',
  SCHOOL_CREATE_LIMIT: 'TOO_MANY_REQUESTS',
  WRONG_CURRENT_PASSWORD: 'BAD_REQUEST',
  TIER_UPGRADE_PENDING: 'CONFLICT',
  TIER_UPGRADE_SAME: 'CONFLICT',
  BOOKING_REFUSED: 'PRECONDITION_FAILED',
  BOOKING_TAKEN: 'CONFLICT',
  BOOKING_LATE_CHARGE: 'PRECONDITION_FAILED',
} as const satisfies Record<AppErrorCode, AppErrorKind>;

/** What an unexpected server error tells the user: nothing of the cause, only the request id to quote to support. */
export function internalErrorMessage(requestId?: string): string {
  return requestId ? `${APP_ERRORS.INTERNAL} Kód chyby: ${requestId}` : APP_ERRORS.INTERNAL;
}

export const ERROR_TITLES = {
  error: 'Nastala chyba',
  warning: 'Upozornění',
} as const;

export const GENERIC_ERROR_TITLE = 'Jejda, něco se pokazilo';
export const GENERIC_ERROR_SUBTITLE = 'Je nám líto, ale něco se nepovedlo. Zkuste to prosím znovu za chvilku.';
