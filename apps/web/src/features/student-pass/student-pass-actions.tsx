// The Evidence tab's applicant pass (spec §2 tab 5 and Student pass): 'Zobrazit průkazku' opens the pass in a drawer
// as the student sees it, 'Sdílet průkazku' opens the share dialog. Hidden when no school is active.
import { IdcardOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { Alert, Button, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useActiveSchoolId, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { FeedbackScope } from '../../components/feedback-scope.tsx';
import { StudentPassShareDialog } from './student-pass-share-dialog.tsx';
import { StudentPassView } from './student-pass-view.tsx';

export const PASS_TITLE = 'Elektronický průkaz žadatele o řidičské oprávnění';

function StudentPassDrawer({ studentId, open, onClose }: { studentId: string; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const pass = useQuery({ ...trpc.student.getStudentPass.queryOptions(withSchool(school, { type: 'app' as const, studentId })), enabled: open, staleTime: 0 });
  return (
    <Drawer open={open} onClose={onClose} title={PASS_TITLE} size={isPhone ? '100%' : 560} destroyOnHidden>
      {pass.isPending ? (
        <Typography.Paragraph>Načítání...</Typography.Paragraph>
      ) : pass.isError ? (
        <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(pass.error).message} />
      ) : typeof pass.data === 'string' ? (
        <Alert type="error" showIcon title={ERROR_TITLES.error} description={pass.data} />
      ) : (
        <StudentPassView pass={pass.data} />
      )}
    </Drawer>
  );
}

export function StudentPassActions({ studentId }: { studentId: string }) {
  const schoolId = useActiveSchoolId();
  const [open, setOpen] = useState<'pass' | 'share' | null>(null);
  if (!schoolId) return null;
  return (
    <FeedbackScope>
      <section aria-label="Průkaz žadatele">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Průkaz žadatele
        </Typography.Title>
        <Flex wrap gap={8}>
          <Button icon={<IdcardOutlined />} onClick={() => setOpen('pass')}>
            Zobrazit průkazku
          </Button>
          <Button icon={<ShareAltOutlined />} onClick={() => setOpen('share')}>
            Sdílet průkazku
          </Button>
        </Flex>
        <StudentPassDrawer studentId={studentId} open={open === 'pass'} onClose={() => setOpen(null)} />
        <StudentPassShareDialog studentId={studentId} open={open === 'share'} onClose={() => setOpen(null)} />
      </section>
    </FeedbackScope>
  );
}
