// 'Opakovat' in the ride form (issue 20 §4): repeat the planned item every week until a date or n times, and the
// answer of the series: what was planned and each refused occurrence with its reason.
import type { RecurringResult } from '@volant/shared/driving-lessons-record/recurrence';
import { formatDate, formatDateTime } from '@volant/shared/format';
import { Alert, Button, Checkbox, Col, DatePicker, Flex, Form, InputNumber, List, Result, Row } from 'antd';
import { DATE_FORMAT, fromIsoDate, toIsoDate } from '../../lib/form-fields.ts';

export interface RepeatState {
  on: boolean;
  /** The last day (YYYY-MM-DD, inclusive) … */
  until: string | null;
  /** … or the number of occurrences in all. */
  count: number | null;
}

export function RepeatFields({ value, onChange, error, max }: { value: RepeatState; onChange: (v: RepeatState) => void; error: string | null; max: number }) {
  return (
    <div className="volant-repeat">
      <Form.Item style={{ marginBottom: value.on ? 8 : 16 }}>
        <Checkbox checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked })}>
          Opakovat
        </Checkbox>
      </Form.Item>
      {value.on && (
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item label="Každý týden do" htmlFor="repeat-until">
              <DatePicker
                id="repeat-until"
                format={DATE_FORMAT}
                placeholder="D.M.RRRR"
                style={{ width: '100%' }}
                value={fromIsoDate(value.until)}
                onChange={(d) => onChange({ ...value, until: toIsoDate(d) ?? null, count: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item label="nebo počet výcviků" htmlFor="repeat-count">
              <InputNumber
                id="repeat-count"
                min={2}
                max={max}
                precision={0}
                style={{ width: '100%' }}
                value={value.count}
                onChange={(n) => onChange({ ...value, count: typeof n === 'number' ? n : null, until: typeof n === 'number' ? null : value.until })}
              />
            </Form.Item>
          </Col>
          {error && (
            <Col xs={24}>
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}

const when = (r: RecurringResult['refused'][number]) => (r.startTime ? formatDateTime(r.startTime) : formatDate(r.day));

/** The series' answer: 'Naplánováno n z m' and the refused occurrences, each with the reason. */
export function RepeatResultList({ result, onClose }: { result: RecurringResult; onClose: () => void }) {
  const total = result.created.length + result.refused.length;
  return (
    <Flex vertical gap={12} data-testid="repeat-result">
      <Result
        status={result.refused.length === 0 ? 'success' : 'warning'}
        title={`Naplánováno ${result.created.length} z ${total} výcviků`}
        subTitle={result.refused.length > 0 ? 'Některé termíny nebyly naplánovány:' : undefined}
        style={{ padding: 16 }}
      />
      {result.refused.length > 0 && (
        <List
          bordered
          aria-label="Nenaplánované termíny"
          data-testid="repeat-refused"
          dataSource={result.refused}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta title={when(r)} description={r.reason} />
            </List.Item>
          )}
        />
      )}
      <Flex justify="flex-end">
        <Button type="primary" onClick={onClose}>
          Zavřít
        </Button>
      </Flex>
    </Flex>
  );
}
