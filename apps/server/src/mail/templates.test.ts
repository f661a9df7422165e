import { describe, expect, it } from 'vitest';
import { applicationReceivedMail, applicationRejectedMail, schoolInviteMail, studentPassMail } from './templates.ts';

const everything = (m: { subject: string; text: string; html: string }) => `${m.subject}\n${m.text}\n${m.html}`;

describe("the e-mails name the school once (issue 17: 'autoškola Autoškola Volant Brno')", () => {
  const url = 'https://volant.test/x';
  const mails = (schoolName: string) => [
    schoolInviteMail('a@b.cz', schoolName, url),
    studentPassMail('a@b.cz', { schoolName, url, code: '123456' }),
    applicationReceivedMail('a@b.cz', { schoolName, courseName: 'Skupina B', firstName: 'Jan', url }),
    applicationRejectedMail('a@b.cz', { schoolName, courseName: 'Skupina B', firstName: 'Jan', reason: null, url }),
  ];

  it("a name starting with 'Autoškola' takes the case itself, never after a second 'autoškola'", () => {
    const [invite, pass, received, rejected] = mails('Autoškola Volant Brno');
    for (const m of [invite, pass, received, rejected]) expect(everything(m)).not.toMatch(/autoškol\p{L}*\s+autoškol/iu);
    expect(invite.subject).toBe('Pozvánka do Autoškoly Volant Brno');
    expect(pass.text).toContain('Autoškola Volant Brno vám posílá odkaz');
    expect(received.subject).toBe('Přihláška do Autoškoly Volant Brno byla přijata k vyřízení');
    expect(received.text).toContain('v Autoškole Volant Brno. Autoškola ji posoudí');
    expect(rejected.text).toContain('Autoškola Volant Brno bohužel nemůže');
  });

  it('another name gets the word in front', () => {
    const [invite, pass, received] = mails('Řidičák Plus');
    expect(invite.subject).toBe('Pozvánka do autoškoly Řidičák Plus');
    expect(pass.text).toContain('autoškola Řidičák Plus vám posílá odkaz');
    expect(received.text).toContain('v autoškole Řidičák Plus.');
  });
});
