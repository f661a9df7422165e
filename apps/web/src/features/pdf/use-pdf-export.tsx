// `usePdfExport()` → `exportPdf(label, request)`: sends an export with a fresh clientCode, shows a persistent
// 'Připravuji PDF…' notice for it (key = clientCode, no timeout) until the result arrives, then downloads the file and
// closes the notice — or shows 'Chyba při generování PDF' / 'Něco se nepovedlo, zkuste to prosím znovu.' (spec §4, §8).
import { LoadingOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useCallback } from 'react';
import { useActiveSchoolId } from '../../app/use-school.ts';
import { onLiveMessage } from '../../lib/live.ts';
import { getStoredToken } from '../../lib/token.ts';
import { describeError, useTRPCClient } from '../../lib/trpc.ts';
import { downloadPdf, newClientCode, waitForPdf } from './pdf-export.ts';

export const PDF_PREPARING = 'Připravuji PDF…';
export const PDF_ERROR_TITLE = 'Chyba při generování PDF';
export const PDF_ERROR_TEXT = 'Něco se nepovedlo, zkuste to prosím znovu.';

export function usePdfExport() {
  const { notification } = App.useApp();
  const client = useTRPCClient();
  const schoolId = useActiveSchoolId();

  return useCallback(
    /** `label` names the document in the notice; `request` sends the export with the given clientCode. */
    async (label: string, request: (clientCode: string) => Promise<{ id: string }>) => {
      if (!schoolId) return;
      const clientCode = newClientCode();
      const key = `pdf-${clientCode}`;
      notification.open({
        key,
        title: PDF_PREPARING,
        description: label,
        icon: <LoadingOutlined spin style={{ color: 'var(--ant-color-primary)' }} />,
        duration: 0,
        closable: false,
        role: 'status',
      });
      const failed = (description: string) => notification.error({ key, title: PDF_ERROR_TITLE, description, duration: 8 });
      try {
        const outcome = await waitForPdf({
          clientCode,
          started: request(clientCode),
          subscribe: onLiveMessage,
          poll: (id) => client.pdfFile.getPdfFile.query({ schoolId, id }),
        });
        if (outcome.status === 'error') return failed(PDF_ERROR_TEXT);
        await downloadPdf(outcome.fileUrl, outcome.fileName, getStoredToken());
        notification.destroy(key);
      } catch (err) {
        // The request refused (its own message: the subject is gone, the school blocked) or the download failed.
        const { message } = describeError(err);
        failed(message.startsWith('download failed') ? PDF_ERROR_TEXT : message || PDF_ERROR_TEXT);
      }
    },
    [client, notification, schoolId],
  );
}
