// The electronic applicant pass (spec §2 Student pass, §3 Student code): what its codes look like and where its
// link points. A student's code (students.secret_code) and a school's pass code (schools.pass_code) are 8 characters
// drawn by the server from a cryptographic source over PASS_CODE_ALPHABET (apps/server/src/features/student-pass/
// pass-code.ts); codes made before that by the database are 8 lower-case hex digits. Both are compared without case,
// spaces or dashes, so a code read aloud or retyped from an e-mail works.
//
// The link is /student/{school's pass code}/{registration number}: the route's first segment (spec
// student/{schoolId}/{registrationNumber}) carries the school's public pass code, not its internal id, so regenerating
// that code (Nastavení → Průkazky) ends every link of the school at once. The student's own code is never in the path
// or the query: the page asks for it, or the e-mailed link carries it in its fragment (#kod=…), which the browser
// sends to no server (no request log, no proxy log, no Referer) and the page removes from the address bar at once.

/** No 0/O, 1/I/L: a code copied from paper or read out over the phone has one reading. 31 symbols, ~39.6 bits in 8. */
export const PASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PASS_CODE_LENGTH = 8;

/**
 * Guessing is slowed, never the owner locked out (the right code always opens a pass): the first wrong codes from a
 * client address are answered at once; from the PASS_FREE_FAILURES_PER_ADDRESS-th on, the address waits 2, 4, 8, …
 * seconds (at most PASS_MAX_WAIT_SECONDS) before its next code is looked at. A pass with PASS_FREE_FAILURES_PER_PASS
 * wrong codes (from any addresses) makes every further address that sends it a wrong code wait the same way, by the
 * pass's count. A count is forgotten after PASS_FORGET_MINUTES without a wrong code.
 */
export const PASS_FREE_FAILURES_PER_ADDRESS = 5;
export const PASS_FREE_FAILURES_PER_PASS = 10;
export const PASS_MAX_WAIT_SECONDS = 15 * 60;
export const PASS_FORGET_MINUTES = 60;

/** How long an address waits after its `failures`-th wrong code when the first `free` cost nothing (0: no wait). */
export function passBackoffSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free + 1, 30), PASS_MAX_WAIT_SECONDS);
}

/** 'Příliš mnoho pokusů…' with the wait: seconds under a minute, whole minutes (rounded up) above. */
export function passThrottledMessage(seconds: number): string {
  const wait = seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} s` : `${Math.ceil(seconds / 60)} min`;
  return `Příliš mnoho pokusů, zkuste to prosím za ${wait}.`;
}

export const STUDENT_PASS_MESSAGES = {
  /** A wrong code, an unknown registration number and an unknown school all read the same. */
  invalid: 'Průkaz se nepodařilo otevřít. Zkontrolujte odkaz a kód průkazu.',
  /** The generic form of passThrottledMessage (the error catalogue's entry). */
  throttled: 'Příliš mnoho pokusů, zkuste to prosím později.',
  codeRequired: 'Prosím zadejte kód průkazu!',
  noEmail: 'Student nemá vyplněný e-mail.',
  sent: 'Průkazka byla odeslána emailem',
} as const;

/** The form a code is compared in: upper case, without spaces and dashes. */
export function normalizePassCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether a code has the shape of a pass code (8 letters or digits after normalising). */
export function isPassCodeShape(code: string): boolean {
  return /^[0-9A-Z]{8}$/.test(normalizePassCode(code));
}

/** The pass page's path for a school's pass code and a student's registration number (which may hold '/'). */
export function studentPassPath(schoolCode: string, registrationNumber: string): string {
  return `/student/${encodeURIComponent(schoolCode)}/${encodeURIComponent(registrationNumber)}`;
}

/** The fragment that carries a student's code in an e-mailed link. */
export function passCodeFragment(code: string): string {
  return `#kod=${encodeURIComponent(code)}`;
}

/** The student's code carried by a link's fragment ('#kod=…'), or null. */
export function passCodeOfHash(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('kod');
  return code?.trim() ? code.trim() : null;
}
