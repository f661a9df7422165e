// A value with an edit button; editing shows an input with 'Uložit' and 'Zrušit' (spec §2 student card, §5).
import { EditOutlined } from '@ant-design/icons';
import { APP_ERRORS, ERROR_TITLES } from '@volant/shared/errors';
import { App, Button, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';

export interface InlineEditFieldProps<T> {
  /** Accessible name of the edit button and the field ('Upravit {label}'). */
  label: string;
  /** The value being edited. */
  value: T;
  /** How the value reads when not editing; empty shows the placeholder. */
  display?: ReactNode;
  placeholder?: string;
  /** The input for the draft value. `error` is the message to show at the field, if any. */
  renderInput: (draft: T, setDraft: (v: T) => void, ctx: { error: string | null; save: () => void }) => ReactNode;
  /** True when the draft is the value unchanged. */
  isUnchanged: (before: T, after: T) => boolean;
  /** Saves the draft; a returned string is a field message and keeps the editor open. A throw keeps it open too. */
  onSave: (draft: T) => Promise<string | null | undefined>;
  disabled?: boolean;
  /**
   * The editor floats over the value instead of taking its place in the flow, so neighbours (a surname beside a
   * first name, badges) do not move while it is open.
   */
  floating?: boolean;
}

function isEmpty(node: ReactNode) {
  return node === null || node === undefined || node === '' || node === false;
}

export function InlineEditField<T>({ label, value, display, placeholder, renderInput, isUnchanged, onSave, disabled, floating }: InlineEditFieldProps<T>) {
  const { notification } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<T>(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };

  const save = async () => {
    if (isUnchanged(value, draft)) {
      notification.warning({ title: ERROR_TITLES.warning, description: APP_ERRORS.NO_CHANGES });
      return;
    }
    setSaving(true);
    try {
      const message = await onSave(draft);
      if (message) setError(message);
      else setEditing(false);
    } catch {
      // The caller has shown the error; keep the draft for another try.
    } finally {
      setSaving(false);
    }
  };

  const shown = display === undefined ? (value as ReactNode) : display;
  const view = (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', flexWrap: 'wrap' }}>
      {isEmpty(shown) ? <Typography.Text type="secondary">{placeholder ?? '—'}</Typography.Text> : <span style={{ overflowWrap: 'anywhere' }}>{shown}</span>}
      {!disabled && <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Upravit ${label}`} onClick={start} />}
    </span>
  );
  if (!editing) return view;

  const editor = (
    // Escape cancels the edit (a key handler on the group of the input and its buttons).
    <fieldset
      aria-label={`Úprava: ${label}`}
      style={{ display: 'block', width: '100%', border: 0, margin: 0, padding: 0, minWidth: 0 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !saving) {
          e.stopPropagation();
          setEditing(false);
        }
      }}
    >
      {renderInput(
        draft,
        (v) => {
          setDraft(v);
          setError(null);
        },
        { error, save: () => void save() },
      )}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
      <Space size="small" style={{ marginTop: 4 }}>
        <Button type="primary" size="small" loading={saving} onClick={() => void save()}>
          Uložit
        </Button>
        <Button size="small" disabled={saving} onClick={() => setEditing(false)}>
          Zrušit
        </Button>
      </Space>
    </fieldset>
  );
  if (!floating) return editor;
  return (
    // The value keeps its place (hidden, out of reach) and the editor lies over it.
    <span style={{ position: 'relative', display: 'inline-flex', maxWidth: '100%' }}>
      <span inert aria-hidden style={{ visibility: 'hidden', display: 'inline-flex', maxWidth: '100%' }}>
        {view}
      </span>
      <span
        style={{
          position: 'absolute',
          top: -6,
          insetInlineStart: -8,
          zIndex: 10,
          display: 'block',
          width: 320,
          maxWidth: 'calc(100vw - 32px)',
          padding: '6px 8px 8px',
          background: 'var(--ant-color-bg-elevated, #fff)',
          borderRadius: 8,
          boxShadow: '0 6px 16px rgba(0,0,0,0.12), 0 3px 6px -4px rgba(0,0,0,0.12)',
          fontSize: 14,
          fontWeight: 'normal',
          lineHeight: 1.5715,
        }}
      >
        {editor}
      </span>
    </span>
  );
}
