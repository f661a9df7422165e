// Card tab Evidence → 'Převod žáka' (issue 22 §4). The office exports the student's signed record (volant.transfer/1,
// docs/transfer-format.md) together with the partial-completion certificate (a PDF job), and imports another school's
// record ('Import z jiné autoškoly'): the server verifies the file and shows what it holds and who signed it; the office
// confirms the key's fingerprint and imports, and the hours count toward the legal minimum marked as from the previous
// school. Every member sees the imported records here.
import { ExportOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PDF_KIND_LABELS } from '@volant/shared/enums';
import { formatDate, formatDateTime, pluralCs } from '@volant/shared/format';
import { priorHoursText, TRANSFER_MAX_BYTES, TRANSFER_MESSAGES } from '@volant/shared/transfer/format';
import { Alert, App, Button, Checkbox, Descriptions, Flex, List, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput, withSchool } from '../../app/use-school.ts';
import { describeError, type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { saveText } from '../payment-item/owing-list.tsx';
import { usePdfExport } from '../pdf/use-pdf-export.tsx';

type Preview = RouterOutputs['transfer']['previewTransferImport'];

export function StudentTransfer({ studentId }: { studentId: string }) {
  const { may } = useMembership();
  const trpc = useTRPC();
  const school = useSchoolInput();
  const prior = useQuery(trpc.transfer.getPriorTrainings.queryOptions(withSchool(school, { studentId })));
  const [importing, setImporting] = useState(false);
  const mayExport = may('transfer.exportTransfer');
  const mayImport = may('transfer.previewTransferImport') && may('transfer.importTransfer');
  if (!mayExport && !mayImport && !prior.data?.length) return null;
  return (
    <section aria-label="Převod žáka">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Převod žáka
      </Typography.Title>
      <Flex wrap gap={8}>
        {mayExport && <ExportButton studentId={studentId} />}
        {mayImport && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            Import z jiné autoškoly
          </Button>
        )}
      </Flex>
      {prior.data && prior.data.length > 0 && (
        <section aria-label="Hodiny z předchozích autoškol" style={{ marginTop: 12 }}>
          <List
            size="small"
            bordered
            dataSource={prior.data}
            renderItem={(p) => (
              <List.Item>
                <Flex vertical gap={2}>
                  <Typography.Text strong>Z předchozí autoškoly: {p.issuingSchoolName}</Typography.Text>
                  <Typography.Text>{p.hours.map(priorHoursText).join(' · ') || 'Bez hodin'}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    Vystaveno {formatDateTime(p.issuedAt)}, importováno {formatDateTime(p.createdAt)} · klíč {p.keyFingerprint}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </section>
      )}
      {importing && <ImportModal studentId={studentId} onClose={() => setImporting(false)} />}
    </section>
  );
}

function ExportButton({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const school = useSchoolInput();
  const exportPdf = usePdfExport();
  const { message, modal } = App.useApp();
  const exported = useMutation(
    trpc.transfer.exportTransfer.mutationOptions({
      onSuccess: (file) => {
        saveText(file.content, file.fileName, file.mimeType);
        void exportPdf(PDF_KIND_LABELS.PARTIAL_COMPLETION, (clientCode) =>
          client.pdfFile.requestPdf.mutate({ ...schoolOf(school), kind: 'PARTIAL_COMPLETION', studentId, clientCode }),
        );
        modal.success({
          title: 'Záznam o převodu žáka je stažen',
          content: (
            <Flex vertical gap={8}>
              <span>
                Soubor {file.fileName} je podepsán klíčem autoškoly. Potvrzení o částečném absolvování (PDF) se připravuje a stáhne se, až bude hotové.
              </span>
              <span>
                Otisk klíče (sdělte jej nové autoškole jiným kanálem, např. telefonem):
                <Typography.Text code copyable style={{ display: 'block', wordBreak: 'break-all' }} data-testid="key-fingerprint">
                  {file.keyFingerprint}
                </Typography.Text>
              </span>
            </Flex>
          ),
        });
      },
      onError: (e) => void message.error(describeError(e).message),
    }),
  );
  return (
    <Button icon={<ExportOutlined />} loading={exported.isPending} onClick={() => exported.mutate({ ...schoolOf(school), studentId })}>
      Převod žáka
    </Button>
  );
}

function ImportModal({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const preview = useMutation(trpc.transfer.previewTransferImport.mutationOptions());
  const imported = useMutation(
    trpc.transfer.importTransfer.mutationOptions({
      onSuccess: async (r) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.transfer.getPriorTrainings.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.student.getLegalMinimum.queryKey() }),
        ]);
        if (r.imported) void message.success('Hodiny z předchozí autoškoly byly importovány.');
        else void message.info(TRANSFER_MESSAGES.alreadyImported);
        onClose();
      },
    }),
  );

  const read = async (f: File) => {
    setFileError(null);
    setConfirmed(false);
    preview.reset();
    if (f.size > TRANSFER_MAX_BYTES) {
      setFile(null);
      setFileError(TRANSFER_MESSAGES.tooLarge);
      return;
    }
    const content = await f.text();
    setFile({ name: f.name, content });
    preview.mutate({ ...schoolOf(school), studentId, document: content });
  };

  const data: Preview | undefined = preview.data;
  const error = fileError ?? (preview.error ? describeError(preview.error).message : null) ?? (imported.error ? describeError(imported.error).message : null);

  return (
    <Modal
      open
      title="Import z jiné autoškoly"
      onCancel={onClose}
      width={640}
      okText="Importovat hodiny"
      cancelText="Zavřít"
      okButtonProps={{ disabled: !data || !confirmed || data.alreadyImported, loading: imported.isPending }}
      onOk={() => {
        if (file && data) imported.mutate({ ...schoolOf(school), studentId, document: file.content, keyFingerprint: data.keyFingerprint });
      }}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Vyberte soubor se záznamem o převodu žáka (JSON, formát volant.transfer/1), který žák dostal od předchozí autoškoly. Podpis záznamu se ověří před
          importem.
        </Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(f) => {
              void read(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={preview.isPending}>
              Vybrat soubor
            </Button>
          </Upload>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Flex>
        {error && <Alert type="error" showIcon title={error} />}
        {data && (
          <>
            <Alert type="success" showIcon title="Podpis záznamu je platný" description="Soubor od podepsání nikdo nezměnil." />
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="Vydávající autoškola">
                {data.issuingSchool.name}
                {data.issuingSchool.companyNumber ? `, IČO ${data.issuingSchool.companyNumber}` : ''}
                <br />
                {data.issuingSchool.address}
              </Descriptions.Item>
              <Descriptions.Item label="Otisk klíče">
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {data.keyFingerprint}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="Vystaveno">{formatDateTime(data.issuedAt)}</Descriptions.Item>
              <Descriptions.Item label="Žák">
                {data.student.firstName} {data.student.lastName}, nar. {formatDate(data.student.birthDate)}
              </Descriptions.Item>
              <Descriptions.Item label="Hodiny">
                <ul aria-label="Hodiny k importu" style={{ margin: 0, paddingInlineStart: 18 }}>
                  {data.hours.map((h) => (
                    <li key={h.item}>{priorHoursText(h)}</li>
                  ))}
                </ul>
              </Descriptions.Item>
              <Descriptions.Item label="Výuka a jízdy">
                {data.theoryLessons} {pluralCs(data.theoryLessons, ['lekce', 'lekce', 'lekcí'])} výuky, {data.rides}{' '}
                {pluralCs(data.rides, ['jízda nebo lekce výcviku', 'jízdy nebo lekce výcviku', 'jízd nebo lekcí výcviku'])}, {data.exams.length}{' '}
                {pluralCs(data.exams.length, ['pokus o zkoušku', 'pokusy o zkoušku', 'pokusů o zkoušku'])}
              </Descriptions.Item>
            </Descriptions>
            {!data.sameStudent && (
              <Alert
                type="warning"
                showIcon
                title="Jméno nebo datum narození v záznamu se neshoduje s tímto žákem. Zkontrolujte, že importujete správný soubor."
              />
            )}
            {data.keyKnown.imports > 0 ? (
              <Alert
                type="info"
                showIcon
                title={`Tímto klíčem podepsané záznamy jste už přijali (${data.keyKnown.imports}×, od: ${data.keyKnown.names.join(', ')}).`}
              />
            ) : (
              <Alert type="info" showIcon title="Tento klíč vidíte poprvé. Ověřte otisk klíče u vydávající autoškoly (např. telefonicky)." />
            )}
            {data.otherKeysOfIssuer.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title="Od autoškoly tohoto jména nebo IČO jste dříve přijali záznam podepsaný jiným klíčem. Ověřte, že autoškola klíč změnila."
              />
            )}
            {data.alreadyImported ? (
              <Alert type="info" showIcon title={TRANSFER_MESSAGES.alreadyImported} />
            ) : (
              <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
                Ověřil(a) jsem, že záznam vydala uvedená autoškola (otisk klíče souhlasí)
              </Checkbox>
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
