// 'Přístup žáka' and the sign-in of 'Můj výcvik' (/zak, issue 19 §1): the inputs shared by the forms and the procedures,
// and the Czech texts the student and the office see.
import { z } from 'zod';
import { text, uuidInput } from '../validation.ts';

export const STUDENT_LOGIN_TEXTS = {
  title: 'Můj výcvik',
  email: 'E-mail',
  send: 'Poslat přihlašovací odkaz',
  /** The one answer to a link request, whether or not the address is known (and whether or not a mail went out). */
  sent: 'Pokud je tento e-mail u autoškoly evidován a má přístup do Můj výcvik, poslali jsme na něj přihlašovací odkaz. Platí 15 minut a lze ho použít jen jednou.',
  linkInvalid: 'Přihlašovací odkaz je neplatný, už byl použit nebo vypršel. Pošlete si prosím nový.',
  chooseSchool: 'Vyberte autoškolu',
  signedOut: 'Byli jste odhlášeni. Přihlaste se prosím znovu.',
  logout: 'Odhlásit se',
} as const;

export const STUDENT_ACCESS_TEXTS = {
  section: 'Přístup žáka',
  invite: 'Pozvat žáka',
  revoke: 'Zrušit přístup',
  noEmail: 'Žák nemá vyplněný e-mail. Pozvat ho lze až po doplnění e-mailu.',
  storno: 'Stornovaného žáka nelze pozvat.',
} as const;

/** The sign-in link (and the choice) lives this long; the session it opens 30 days (docs/decisions/0013). */
export const STUDENT_LINK_MINUTES = 15;
export const STUDENT_CHOICE_MINUTES = 10;
export const STUDENT_SESSION_DAYS = 30;
/** Links one address may get in 15 minutes. */
export const STUDENT_LINKS_PER_15_MIN = 3;

export const requestStudentLinkInput = z.object({
  email: text('Prosím zadejte e-mail!')
    .trim()
    .toLowerCase()
    .min(1, { error: 'Prosím zadejte e-mail!', abort: true })
    .max(250, 'E-mail je příliš dlouhý')
    .pipe(z.email('Zadejte platný e-mail')),
});
export type RequestStudentLinkInput = z.input<typeof requestStudentLinkInput>;

const token = text(STUDENT_LOGIN_TEXTS.linkInvalid).trim().min(10, STUDENT_LOGIN_TEXTS.linkInvalid).max(200, STUDENT_LOGIN_TEXTS.linkInvalid);

/** The token from the link's fragment (/zak/prihlaseni#<token>). */
export const studentSignInInput = z.object({ token });
/** The school a student with one address in several schools picks, with the choice token the consumed link gave. */
export const studentChooseSchoolInput = z.object({ choiceToken: token, schoolId: uuidInput });

/** The office's calls on one student's access. */
export const studentAccessInput = z.object({ schoolId: uuidInput, studentId: uuidInput });
