// Czech e-mail templates. Links point at the web app's public routes.
import { schoolWithWord } from '@volant/shared/school/name';
import { type MailMessage, QR_PAYMENT_CID } from './mailer.ts';

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string } | null,
  /** Markup of our own (never user text) shown after the paragraphs, e.g. the QR Platba image. */
  figure = '',
): MailMessage {
  const text = `${paragraphs.join('\n\n')}\n\n${link ? `${link.label}: ${link.url}\n\n` : ''}Tým Volant`;
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:12px">Pokud tlačítko nefunguje, zkopírujte tento odkaz do prohlížeče: ${escapeHtml(link.url)}</p>
`
    : '';
  const html = `<!doctype html><html lang="cs"><body style="font-family:Arial,sans-serif;color:#1f1f1f">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${figure}${button}<p>Tým Volant</p></body></html>`;
  return { to, subject, text, html };
}

export function registrationConfirmMail(to: string, firstName: string, url: string) {
  return layout(
    to,
    'Potvrzení registrace do aplikace Volant',
    [`Dobrý den, ${firstName},`, 'děkujeme za registraci do aplikace Volant. Pro aktivaci účtu prosím potvrďte svůj e-mail. Odkaz platí 7 dní.'],
    { url, label: 'Potvrdit e-mail' },
  );
}

export function passwordResetMail(to: string, url: string) {
  return layout(
    to,
    'Obnovení hesla do aplikace Volant',
    [
      'Dobrý den,',
      'obdrželi jsme žádost o obnovení hesla k vašemu účtu. Nové heslo si nastavíte přes odkaz níže. Odkaz platí 1 hodinu. Pokud jste o obnovení nežádali, e-mail můžete ignorovat.',
    ],
    { url, label: 'Nastavit nové heslo' },
  );
}

/** Someone registered with an address that already has an account: the owner learns of it and how to get back in. */
export function accountExistsMail(to: string, resetUrl: string) {
  return layout(
    to,
    'Pokus o registraci do aplikace Volant',
    [
      'Dobrý den,',
      'někdo se právě pokusil zaregistrovat do aplikace Volant s vaší e-mailovou adresou. Účet s touto adresou už máte, proto se nic nezměnilo a vaše heslo platí dál.',
      'Pokud jste to byli vy a heslo si nepamatujete, nastavte si nové přes odkaz níže (platí 1 hodinu). Pokud ne, e-mail můžete ignorovat.',
    ],
    { url: resetUrl, label: 'Nastavit nové heslo' },
  );
}

export function schoolInviteMail(to: string, schoolName: string, url: string) {
  return layout(
    to,
    `Pozvánka do ${schoolWithWord(schoolName, 'genitive')}`,
    [
      'Dobrý den,',
      `byli jste pozváni do ${schoolWithWord(schoolName, 'genitive')} v aplikaci Volant. Pozvánku přijmete přes odkaz níže; pokud ještě nemáte účet, zaregistrujte se prosím se stejným e-mailem. Pozvánka platí 14 dní.`,
    ],
    { url, label: 'Přijmout pozvánku' },
  );
}

export function contactMail(to: string, from: string, message: string): MailMessage {
  const text = `Nová zpráva z kontaktního formuláře.\n\nOd: ${from}\n\n${message}`;
  return { to, subject: `Kontaktní formulář: ${from}`, text, html: `<pre style="font-family:Arial,sans-serif">${escapeHtml(text)}</pre>` };
}

/** The student's electronic applicant pass (spec §2 share dialog): the link (its fragment carries the code) and the code. */
export function studentPassMail(to: string, p: { schoolName: string; url: string; code: string }) {
  return layout(
    to,
    `Elektronický průkaz žadatele o řidičské oprávnění – ${p.schoolName}`,
    [
      'Dobrý den,',
      `${schoolWithWord(p.schoolName, 'nominative')} vám posílá odkaz na váš elektronický průkaz žadatele o řidičské oprávnění. Najdete v něm své jízdy a lekce PV-ÚV a PV-ZP; otevřete ho v telefonu a ukažte ho při výcviku.`,
      `Kód průkazu: ${p.code}`,
      'Odkaz níže kód už obsahuje. Otevřete-li průkaz jinak, stránka si o kód řekne. Kód nikomu nesdělujte; pokud ho autoškola přegeneruje, starý přestane platit.',
    ],
    { url: p.url, label: 'Otevřít průkaz' },
  );
}

/** A staff notification the user chose to get by e-mail too (Uživatelské Nastavení → Oznámení). */
export function notificationMail(to: string, n: { title: string; message: string; url: string }) {
  return layout(
    to,
    `Volant: ${n.title}`,
    ['Dobrý den,', n.message, 'Toto oznámení dostáváte e-mailem, protože jste si to nastavili v aplikaci Volant (Uživatelské Nastavení → Oznámení).'],
    {
      url: n.url,
      label: 'Otevřít v aplikaci',
    },
  );
}

/** To each operator: a school asks for another tier (Tarif page); the Debug page's operator panel settles it. */
export function tierUpgradeMail(
  to: string,
  r: { schoolName: string; schoolNumber: string; currentTier: string; requestedTier: string; requestedBy: string; note: string | null; url: string },
) {
  return layout(
    to,
    `Žádost o změnu tarifu: ${r.schoolName}`,
    [
      'Dobrý den,',
      `${r.schoolName} (č. ${r.schoolNumber}) žádá o změnu tarifu z ${r.currentTier} na ${r.requestedTier}.`,
      `Požádal(a): ${r.requestedBy}`,
      ...(r.note ? [`Poznámka: ${r.note}`] : []),
      'Žádost schválíte nebo zamítnete v aplikaci na stránce Debug (panel provozovatele).',
    ],
    { url: r.url, label: 'Otevřít žádosti o tarif' },
  );
}

/** To an applicant of the public form: the school has the application. */
export function applicationReceivedMail(to: string, p: { schoolName: string; courseName: string; firstName: string; url: string }) {
  return layout(
    to,
    `Přihláška do ${schoolWithWord(p.schoolName, 'genitive')} byla přijata k vyřízení`,
    [
      `Dobrý den, ${p.firstName},`,
      `děkujeme za vaši přihlášku do kurzu „${p.courseName}“ v ${schoolWithWord(p.schoolName, 'locative')}. Autoškola ji posoudí a ozve se vám s dalšími kroky.`,
      'Pokud jste přihlášku neodesílali vy, tento e-mail prosím ignorujte.',
    ],
    { url: p.url, label: 'Web autoškoly' },
  );
}

/** To an applicant of the public form: the school did not accept the application. */
export function applicationRejectedMail(to: string, p: { schoolName: string; courseName: string; firstName: string; reason: string | null; url: string }) {
  return layout(
    to,
    `Přihláška do ${schoolWithWord(p.schoolName, 'genitive')}`,
    [
      `Dobrý den, ${p.firstName},`,
      `${schoolWithWord(p.schoolName, 'nominative')} bohužel nemůže vaši přihlášku do kurzu „${p.courseName}“ přijmout.`,
      ...(p.reason ? [`Důvod: ${p.reason}`] : []),
      'Vaše osobní údaje z přihlášky autoškola nebude dále zpracovávat.',
    ],
    { url: p.url, label: 'Web autoškoly' },
  );
}

/** The office gave the student access to 'Můj výcvik' (issue 19 §1): the link opens /zak with the address filled in. */
export function studentInviteMail(to: string, p: { schoolName: string; firstName: string; url: string }) {
  return layout(
    to,
    `Můj výcvik – ${p.schoolName}`,
    [
      `Dobrý den, ${p.firstName},`,
      `${capitalize(schoolWithWord(p.schoolName, 'nominative'))} vám zpřístupnila Můj výcvik v aplikaci Volant: průběh výcviku, jízdy, platby a zkoušky na jednom místě, i v telefonu.`,
      'Heslo nepotřebujete. Na stránce níže si necháte poslat přihlašovací odkaz na tento e-mail.',
    ],
    { url: p.url, label: 'Otevřít Můj výcvik' },
  );
}

/** The single-use sign-in link of /zak (15 minutes). */
export function studentLoginMail(to: string, schoolNames: string[], url: string) {
  return layout(
    to,
    'Přihlášení do Můj výcvik',
    [
      'Dobrý den,',
      `zde je váš přihlašovací odkaz do Můj výcvik${schoolNames.length ? ` (${schoolNames.join(', ')})` : ''}. Platí 15 minut a lze ho použít jen jednou.`,
      'Pokud jste o přihlášení nežádali, e-mail můžete ignorovat.',
    ],
    { url, label: 'Přihlásit se' },
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/**
 * Issue 19 §4: the student's reminder of a planned ride or lesson (never says it took place). `when` is the Czech
 * date and time in Prague; `cancelUrl` only while the ride can still be cancelled free ('Zrušit jízdu').
 */
export function rideReminderMail(
  to: string,
  p: { what: string; when: string; teacher: string | null; car: string | null; schoolName: string; address: string; cancelUrl: string | null },
) {
  const lines = [
    `Co: ${p.what}`,
    `Kdy: ${p.when}`,
    ...(p.teacher ? [`Učitel: ${p.teacher}`] : []),
    ...(p.car ? [`Vozidlo: ${p.car}`] : []),
    `Autoškola: ${p.schoolName}, ${p.address}`,
  ];
  return layout(
    to,
    `Připomínka: ${p.what} ${p.when}`,
    [
      'Dobrý den,',
      `připomínáme vám naplánovaný termín (${p.what.toLowerCase()}):`,
      lines.join('\n'),
      p.cancelUrl
        ? 'Pokud nemůžete přijít, zrušte prosím jízdu včas přes odkaz níže (po přihlášení v Mém výcviku).'
        : 'Pokud nemůžete přijít, dejte prosím co nejdříve vědět autoškole.',
    ],
    p.cancelUrl ? { url: p.cancelUrl, label: 'Zrušit jízdu' } : null,
  );
}

/** Issue 19 §4: a teacher's morning agenda of the day (opt-in 'Ranní přehled dne e-mailem'). */
export function morningAgendaMail(to: string, p: { day: string; schoolName: string; items: string[]; url: string }) {
  return layout(to, `Přehled dne ${p.day} – ${p.schoolName}`, ['Dobrý den,', `váš plán na ${p.day} (${p.schoolName}):`, p.items.join('\n')], {
    url: p.url,
    label: 'Otevřít kalendář',
  });
}

/** Issue 19 §4: to the office at the end of the day, the day's rides still not registered ('Nezaevidované'). */
export function unregisteredRidesMail(to: string, p: { day: string; schoolName: string; items: string[]; url: string }) {
  return layout(
    to,
    `Nezaevidované jízdy ${p.day} – ${p.schoolName}`,
    ['Dobrý den,', `tyto dnešní termíny (${p.day}) už skončily, ale stále jsou jen naplánované – nejsou zaevidované:`, p.items.join('\n')],
    { url: p.url, label: 'Otevřít výcviky' },
  );
}
/** To a student whose ride they booked themselves the office moved or cancelled (issue 19 §3). */
export function studentRideChangedMail(to: string, p: { schoolName: string; firstName: string; was: string; now: string | null; url: string }): MailMessage {
  const subject = p.now ? `Změna termínu jízdy – ${p.schoolName}` : `Zrušená jízda – ${p.schoolName}`;
  const what = p.now ? `autoškola přesunula vaši jízdu z ${p.was} na nový termín ${p.now}.` : `autoškola zrušila vaši jízdu ${p.was}.`;
  return layout(to, subject, [`Dobrý den, ${p.firstName},`, what, 'Své jízdy a volné termíny najdete v aplikaci Můj výcvik.'], {
    url: p.url,
    label: 'Otevřít Můj výcvik',
  });
}

/**
 * 'Čekací listina' (issue 19 §3): a ride on a day the student waits for was cancelled. The slot goes to whoever books
 * it first, so the mail says so and never promises it.
 */
export function waitlistSlotMail(to: string, p: { firstName: string; schoolName: string; when: string; teacher: string | null; url: string }) {
  return layout(
    to,
    `Uvolnil se termín jízdy ${p.when}`,
    [
      `Dobrý den, ${p.firstName},`,
      `v den, který hlídáte na čekací listině, se uvolnil termín jízdy: ${p.when}${p.teacher ? ` (učitel ${p.teacher})` : ''}.`,
      `Termín dostane ten, kdo si ho v Mém výcviku rezervuje jako první. ${p.schoolName}`,
    ],
    { url: p.url, label: 'Rezervovat jízdu' },
  );
}

/**
 * Issue 21 §2: a payment reminder for an instalment — before its due date or overdue — with what is left to pay, the
 * school's own text and the payment details with the QR Platba text (SPAYD) when the school has an account.
 */
export function paymentReminderMail(
  to: string,
  p: {
    overdue: boolean;
    label: string;
    dueOn: string;
    amount: string;
    schoolName: string;
    text: string | null;
    payment: { iban: string; variableSymbol: string | null; spayd: string } | null;
    url: string;
  },
) {
  const subject = p.overdue ? `Splátka po splatnosti: ${p.label} (${p.amount})` : `Připomínka splátky: ${p.label} do ${p.dueOn}`;
  const message = layout(
    to,
    subject,
    [
      'Dobrý den,',
      p.overdue
        ? `splátka „${p.label}“ byla splatná ${p.dueOn} a zbývá z ní zaplatit ${p.amount}.`
        : `připomínáme splátku „${p.label}“ ve výši ${p.amount} se splatností ${p.dueOn}.`,
      ...(p.text ? [p.text] : []),
      ...(p.payment
        ? [
            [
              `Účet (IBAN): ${p.payment.iban}`,
              `Částka: ${p.amount}`,
              ...(p.payment.variableSymbol ? [`Variabilní symbol: ${p.payment.variableSymbol}`] : []),
              `QR Platba: ${p.payment.spayd}`,
            ].join('\n'),
          ]
        : []),
      `Pokud jste již zaplatili, považujte prosím tuto zprávu za bezpředmětnou. ${p.schoolName}`,
    ],
    { url: p.url, label: 'Otevřít Můj výcvik' },
    p.payment
      ? `<p><img src="cid:${QR_PAYMENT_CID}" alt="QR Platba" width="200" height="200" style="display:block"><span style="color:#666;font-size:12px">Naskenujte v mobilním bankovnictví (QR Platba).</span></p>\n`
      : '',
  );
  return { ...message, qrPayment: p.payment?.spayd ?? null };
}
