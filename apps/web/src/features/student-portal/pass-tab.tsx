// The electronic pass as a tab of 'Můj výcvik' (issue 19 §2): the same view as the code-opened page
// (student/{school code}/{registration number}), read and signed through the student's own session (ownPass.*).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { Alert, Skeleton } from 'antd';
import { SignatureField } from '../../components/signature-dialog.tsx';
import { describeError } from '../../lib/trpc.ts';
import { type StudentPass, StudentPassView } from '../student-pass/student-pass-view.tsx';
import { useStudentTRPC } from './student-trpc.ts';

function OwnPassSignature({ pass }: { pass: StudentPass }) {
  const trpc = useStudentTRPC();
  const queryClient = useQueryClient();
  const sign = useMutation(
    trpc.ownPass.createSignature.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.ownPass.getPass.queryFilter()),
    }),
  );
  const signed = sign.isSuccess ? sign.variables.signature : (pass.signature?.svg ?? null);
  return (
    <>
      <SignatureField
        title="Podpis žadatele"
        signLabel="Podepsat průkaz"
        value={signed}
        disabled={sign.isPending}
        onChange={(svg) => {
          // An empty drawing keeps the signature there is.
          if (svg) sign.mutate({ signature: svg });
        }}
      />
      {sign.isError && <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(sign.error).message} />}
    </>
  );
}

/** The pass tab: the student's pass with their signature ('Podepsat průkaz'), as the pass page shows it. */
export function PassTab() {
  const trpc = useStudentTRPC();
  const pass = useQuery(trpc.ownPass.getPass.queryOptions());
  if (pass.isError) return <Alert type="error" showIcon title={ERROR_TITLES.error} description={describeError(pass.error).message} />;
  if (!pass.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <StudentPassView pass={pass.data} signature={<OwnPassSignature pass={pass.data} />} />;
}
