// 'Import výpisu' (issue 21 §1): a statement file is parsed on the server (parse.ts), checked to be of the school's
// account, and its incoming transactions matched to students (the shared rule, match.ts). The preview writes nothing;
// the confirmation parses the same file again, records every incoming transaction once (unique per school, account
// and the bank's id: importing it again adds nothing) and turns the office's confirmed matches into payments by
// transfer linked to their transaction, in one unit of work with one event (the owing list refreshes live).
import { bankAccountIban, parseBankAccount } from '@volant/shared/school/bank-account';
import { createMatcher, type MatchCandidate, type StatementTransaction } from '@volant/shared/bank-statement/match';
import {
  type confirmBankStatementInput,
  csvColumnsSchema,
  type previewBankStatementInput,
  type saveCsvMappingInput,
} from '@volant/shared/bank-statement/inputs';
import { asHalere, type Halere } from '@volant/shared/money';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { balanceVariableSymbol } from '../student-portal/student-portal.views.ts';
import {
  findCsvMapping,
  findImportedIds,
  findSchoolAccount,
  findSchoolStudentIds,
  insertPayments,
  insertStatement,
  insertTransactions,
  linkPayments,
  listMatchInvoices,
  listMatchStudents,
  upsertCsvMapping,
} from './bank-statement.queries.ts';
import { csvMappingOf, type ParsedStatement, parseStatement, StatementFormatError } from './parse.ts';
import type { DbOrTx } from '@volant/db/client';

type FileInput = z.output<typeof previewBankStatementInput>;

/** Decodes and parses the file; a malformed one answers with the Czech message naming its line. */
export function readStatement(input: FileInput): ParsedStatement {
  const bytes = Buffer.from(input.content, 'base64');
  try {
    return parseStatement(bytes, input.format, csvMappingOf(input.csv));
  } catch (e) {
    if (e instanceof StatementFormatError) throw new AppError('BANK_STATEMENT_MALFORMED', e.message, { cause: e });
    throw new AppError('BANK_STATEMENT_MALFORMED', undefined, { cause: e });
  }
}

/** The school's account as an IBAN; the statement must be of it (GPC names prefix + number, camt an IBAN). */
export function checkAccount(schoolIban: string, statement: ParsedStatement): void {
  const { iban, czechDigits } = statement.account;
  const other = () => new AppError('BANK_STATEMENT_OTHER_ACCOUNT');
  if (iban) {
    if (iban !== schoolIban) throw other();
    return;
  }
  if (czechDigits) {
    if (czechDigits.includes('/')) {
      const parsed = parseBankAccount(czechDigits);
      if (typeof parsed === 'string' || parsed.iban !== schoolIban) throw other();
      return;
    }
    const digits = czechDigits.replace(/\D/g, '').padStart(16, '0');
    if (!schoolIban.startsWith('CZ') || digits !== schoolIban.slice(8)) throw other();
  }
  // A CSV export without the account (the ČSOB-like preset) cannot be checked: the decision record says so.
}

async function schoolIban(db: DbOrTx, schoolId: SchoolId): Promise<string> {
  const row = await findSchoolAccount(db, schoolId);
  const iban = row?.iban ?? bankAccountIban(row?.account);
  if (!iban) throw new AppError('BANK_ACCOUNT_NOT_SET');
  return iban;
}

async function candidates(db: DbOrTx, schoolId: SchoolId) {
  const [students, invoiceRows] = await Promise.all([listMatchStudents(db, schoolId), listMatchInvoices(db, schoolId)]);
  const invoicesOf = new Map<string, { vs: string[]; totals: Halere[] }>();
  for (const inv of invoiceRows) {
    const entry = invoicesOf.get(inv.studentId) ?? { vs: [], totals: [] };
    entry.vs.push(inv.variableSymbol);
    entry.totals.push(asHalere(Number(inv.total)));
    invoicesOf.set(inv.studentId, entry);
  }
  const list: MatchCandidate[] = students.map((s) => {
    const inv = invoicesOf.get(s.id);
    return {
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      balanceVariableSymbol: balanceVariableSymbol(s.registrationNumber),
      invoiceVariableSymbols: inv?.vs ?? [],
      expectedAmounts: [...(s.owed != null && s.owed > 0 ? [s.owed] : []), ...(inv?.totals ?? [])],
    };
  });
  return { students, list };
}

const incoming = (s: ParsedStatement) => s.transactions.filter((t) => t.credit);

export async function previewBankStatement(deps: AppDeps, schoolId: SchoolId, input: FileInput) {
  const iban = await schoolIban(deps.db, schoolId);
  const statement = readStatement(input);
  checkAccount(iban, statement);
  const credits = incoming(statement);
  const [{ students, list }, imported] = await Promise.all([
    candidates(deps.db, schoolId),
    findImportedIds(
      deps.db,
      schoolId,
      iban,
      credits.map((t) => t.transactionId),
    ),
  ]);
  const matcher = createMatcher(list);
  const names = new Map(students.map((s) => [s.id, `${s.lastName} ${s.firstName}`]));
  return {
    format: statement.format,
    account: iban,
    debits: statement.transactions.length - credits.length,
    transactions: credits.map((t) => {
      const m = matcher.match(t);
      return {
        ...t,
        state: m.state,
        reason: m.reason,
        studentId: m.studentId,
        studentName: m.studentId ? (names.get(m.studentId) ?? null) : null,
        imported: imported.has(t.transactionId),
      };
    }),
    students: students
      .map((s) => ({ id: s.id, name: `${s.lastName} ${s.firstName}`, registrationNumber: s.registrationNumber }))
      .sort((a, b) => a.name.localeCompare(b.name, 'cs')),
  };
}

export async function confirmBankStatement(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof confirmBankStatementInput>) {
  // The students first: another school's student id answers NOT_FOUND whatever the file says.
  const named = [...new Set(input.decisions.flatMap((d) => (d.studentId ? [d.studentId] : [])))];
  const known = await findSchoolStudentIds(deps.db, schoolId, named);
  if (named.some((id) => !known.has(id))) throw new AppError('STUDENT_NOT_FOUND');
  const iban = await schoolIban(deps.db, schoolId);
  const statement = readStatement(input);
  checkAccount(iban, statement);
  const credits = incoming(statement);
  const byId = new Map<string, StatementTransaction>(credits.map((t) => [t.transactionId, t]));
  const chosen = new Map<string, string>();
  for (const d of input.decisions) {
    if (!byId.has(d.transactionId)) throw new AppError('BANK_TRANSACTION_NOT_IN_FILE');
    if (d.studentId) chosen.set(d.transactionId, d.studentId);
  }

  return inTransaction(deps, async (tx, after) => {
    const already = await findImportedIds(
      tx,
      schoolId,
      iban,
      credits.map((t) => t.transactionId),
    );
    const fresh = credits.filter((t) => !already.has(t.transactionId));
    if (fresh.length === 0) return { statementId: null, transactions: 0, payments: 0 };
    const { id: statementId } = await insertStatement(tx, { schoolId, account: iban, format: statement.format, createdBy: userId });
    const inserted = await insertTransactions(
      tx,
      fresh.map((t) => ({
        schoolId,
        statementId,
        account: iban,
        transactionId: t.transactionId,
        bookedOn: t.bookedOn,
        amount: t.amount,
        credit: true,
        variableSymbol: t.variableSymbol,
        counterAccount: t.counterAccount,
        counterName: t.counterName,
        message: t.message,
      })),
    );
    // Only transactions this import inserted become payments: a concurrent import of the same file pays nothing twice.
    const toPay = [...inserted.entries()].filter(([txId]) => chosen.has(txId));
    const paymentIds = await insertPayments(
      tx,
      toPay.map(([txId]) => {
        const t = byId.get(txId) as StatementTransaction;
        const who = [t.counterName, t.variableSymbol ? `VS ${t.variableSymbol}` : null].filter(Boolean).join(', ');
        return {
          schoolId,
          studentId: chosen.get(txId) as string,
          price: t.amount,
          paidOn: t.bookedOn,
          method: 'TRANSFER' as const,
          note: `Bankovní převod (výpis)${who ? `: ${who}` : ''}`.slice(0, 1000),
          createdBy: userId,
        };
      }),
    );
    await linkPayments(
      tx,
      schoolId,
      toPay.map(([txId, rowId], i) => ({ rowId, studentId: chosen.get(txId) as string, paymentId: paymentIds[i] })),
    );
    const studentIds = [...new Set(toPay.map(([txId]) => chosen.get(txId) as string))];
    await recordEvent(deps, tx, after, {
      name: 'bankStatement.confirm',
      schoolId,
      userId,
      entityType: 'bankStatement',
      entityId: statementId,
      data: { format: statement.format, transactions: inserted.size, payments: paymentIds.length, studentIds },
    });
    return { statementId, transactions: inserted.size, payments: paymentIds.length };
  });
}

/** 'Vlastní sloupce': the school's saved CSV columns, or null (none saved, or a stored value the schema no longer accepts). */
export async function getCsvMapping(deps: AppDeps, schoolId: SchoolId) {
  const stored = await findCsvMapping(deps.db, schoolId);
  const parsed = stored == null ? null : csvColumnsSchema.safeParse(stored);
  return { columns: parsed?.success ? parsed.data : null };
}

/** 'Uložit nastavení sloupců': the school's CSV columns for the next import (the import itself sends them again). */
export async function saveCsvMapping(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof saveCsvMappingInput>) {
  await inTransaction(deps, async (tx, after) => {
    await upsertCsvMapping(tx, schoolId, input.columns, userId, deps.now());
    await recordEvent(deps, tx, after, {
      name: 'bankStatement.saveCsvMapping',
      schoolId,
      userId,
      entityType: 'school',
      entityId: schoolId,
      data: input.columns,
    });
  });
  return getCsvMapping(deps, schoolId);
}
