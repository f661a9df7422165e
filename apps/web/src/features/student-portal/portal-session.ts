// The end of the student's session on this device: the token goes, the student place's cache is emptied, and the
// sign-in page says why (a 401 from any student call: the office revoked access, the session expired or ended).
import { TRPCClientError } from '@trpc/client';
import { storeStudentToken, studentQueryClient } from './student-trpc.ts';

/** Set when the session ended under the student's hands: the sign-in page shows the message once. */
const SIGNED_OUT_KEY = 'volant.studentSignedOut';

export function endStudentSession(reason: 'logout' | 'expired') {
  storeStudentToken(null);
  studentQueryClient.clear();
  try {
    if (reason === 'expired') sessionStorage.setItem(SIGNED_OUT_KEY, '1');
  } catch {
    // Private mode: no message.
  }
}

/** Whether the last session ended by itself (and forget it). */
export function takeSignedOutNotice(): boolean {
  try {
    const was = sessionStorage.getItem(SIGNED_OUT_KEY) === '1';
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    return was;
  } catch {
    return false;
  }
}

export const isUnauthorized = (error: unknown) => error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
