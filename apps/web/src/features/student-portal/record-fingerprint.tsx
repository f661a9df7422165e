// The fingerprint of a record in the student's 'Jízdy' (issue 22 §1): the first 12 hex digits of the hash of the
// record's latest entry in the school's record chain (the whole hash in the tooltip), and, when the record was
// corrected, its history of corrections: old → new, the reason 'Důvod opravy', when and who.
import { formatDateTime } from '@volant/shared/format';
import { Tooltip, Typography } from 'antd';
import type { RouterOutputs } from '../../lib/trpc.ts';

export type ChainRecord = RouterOutputs['studentRecordChain']['getMyRecordChain']['records'][number];

export function RecordFingerprint({ record }: { record: ChainRecord }) {
  return (
    <div className="student-place__chain">
      <div>
        <Typography.Text type="secondary">Otisk záznamu: </Typography.Text>
        <Tooltip title={record.hash}>
          <code data-hash={record.hash}>{record.fingerprint}</code>
        </Tooltip>
      </div>
      {record.corrections.length > 0 ? (
        <section aria-label="Historie oprav">
          <Typography.Text strong>Historie oprav</Typography.Text>
          <ul className="student-place__corrections">
            {[...record.corrections].reverse().map((c) => (
              <li key={c.seq}>
                <div>
                  <Typography.Text type="secondary">
                    {formatDateTime(c.at)}, {c.who}
                  </Typography.Text>
                </div>
                <div>Důvod opravy: {c.reason ?? 'neuveden'}</div>
                {c.changes.map((ch) => (
                  <div key={ch.field}>
                    {ch.field}: <del>{ch.before}</del> → <ins>{ch.after}</ins>
                  </div>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
