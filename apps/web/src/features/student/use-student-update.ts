// Saving one section of a student from an inline edit: the section goes whole, validated with the shared schema.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { studentAddressInput, studentCoreInput, studentInfoInput, studentStudyInfoInput } from '@volant/shared/student/inputs';
import { App } from 'antd';
import { useCallback } from 'react';
import { browserNow } from '../../lib/clock.ts';
import { expectOwnEcho } from '../../lib/live-queries.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';

export type StudentDetail = RouterOutputs['student']['student'];

/** The schema of each section; the personal one has a rule on now (the birth date), so it is built with the clock. */
const SCHEMAS = {
  studentInfo: studentInfoInput,
  studentAddress: () => studentAddressInput,
  studentStudyInfo: () => studentStudyInfoInput,
  student: () => studentCoreInput,
} as const;
export type Section = keyof typeof SCHEMAS;

/** The sections as the update sends them, read from the card's data. */
export function currentSections(s: StudentDetail) {
  return {
    studentInfo: s.studentInfo,
    studentAddress: s.studentAddress,
    studentStudyInfo: s.studentStudyInfo,
    student: { registrationNumber: s.registrationNumber, interpreterId: s.studentInterpreter?.interpreterId ?? null },
  };
}
export type Sections = ReturnType<typeof currentSections>;

/**
 * `save(section, value)` validates and sends the whole section. It resolves to a field message to show at the
 * field (validation), to null when saved, and rejects after showing a notification for a refused save.
 */
export function useStudentUpdate(studentId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const { notification, message } = App.useApp();
  const update = useMutation(trpc.student.updateStudent.mutationOptions());

  return useCallback(
    async <S extends Section>(section: S, value: Sections[S]): Promise<string | null> => {
      const parsed = SCHEMAS[section](browserNow()).safeParse(value);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? APP_ERRORS.INVALID_INPUT;
      // The answer is the saved card: it goes into the cache, and the write's live message refetches only the header
      // and the lists (the card's key is skipped once).
      const cardKey = trpc.student.student.queryKey({ ...schoolOf(school), id: studentId });
      const cancelEcho = expectOwnEcho(cardKey);
      try {
        queryClient.setQueryData(
          cardKey,
          await update.mutateAsync({ ...schoolOf(school), studentId, [section]: parsed.data } as Parameters<typeof update.mutateAsync>[0]),
        );
      } catch (err) {
        cancelEcho();
        const { message: text, appCode, fieldErrors } = describeError(err);
        if (appCode === 'NO_CHANGES') {
          notification.warning({ title: ERROR_TITLES.warning, description: APP_ERRORS.NO_CHANGES });
        } else {
          const fieldMessage = Object.values(fieldErrors).flat()[0];
          if (fieldMessage && !appCode) return fieldMessage;
          notification.error({
            title: ERROR_TITLES.error,
            description: appCode === 'DUPLICATE_REGISTRATION_NUMBER' ? APP_ERRORS.DUPLICATE_REGISTRATION_NUMBER : text,
          });
        }
        throw err;
      }
      message.success('Uloženo');
      return null;
    },
    [update, school, studentId, notification, message, queryClient, trpc],
  );
}
