// The drawer a settings form opens in: full width on a phone, 'Zrušit' / 'Uložit' in its footer, the server's
// refusal above the fields. The form inside submits through `onSave` (usually `() => form.submit()`).
import { Alert, Button, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/media.ts';

export interface FormDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Width on larger screens; a phone gets the whole screen. */
  width?: number;
  saving: boolean;
  onSave: () => void;
  /** The server's refusal, shown above the fields. */
  error?: string | null;
  children: ReactNode;
}

export function FormDrawer({ open, onClose, title, width = 480, saving, onSave, error, children }: FormDrawerProps) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={isPhone ? '100%' : width}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Zrušit</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            Uložit
          </Button>
        </Flex>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {children}
    </Drawer>
  );
}
