// How a school puts its form on its own site: the one-line embed snippet and the direct link, each with 'Kopírovat'.
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useAppStore } from '../../app/store.ts';
import { useIsPhone } from '../../lib/media.ts';

/** The app's public address (server config), without a trailing slash; the page's own origin when not configured. */
export function usePublicUrl(): string {
  const configured = useAppStore((s) => s.serverConfig?.publicUrl);
  return (configured || window.location.origin).replace(/\/+$/, '');
}

export const embedSnippet = (publicUrl: string, formId: string) =>
  `<script src="${publicUrl}/embed/application-form.js" data-form-id="${formId}" async></script>`;
export const directLink = (publicUrl: string, formId: string) => `${publicUrl}/apply/${formId}`;

function CopyRow({ label, value, multiline }: { label: string; value: string; multiline?: boolean }) {
  const { message } = App.useApp();
  const isPhone = useIsPhone();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      message.success('Zkopírováno do schránky');
    } catch {
      message.error('Kopírování se nepodařilo, označte text a zkopírujte ho ručně.');
    }
  };
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </Typography.Text>
      <Flex gap={8} align="flex-start">
        {multiline ? (
          <Input.TextArea value={value} readOnly autoSize aria-label={label} style={{ fontFamily: 'monospace', fontSize: 12 }} />
        ) : (
          <Input value={value} readOnly aria-label={label} />
        )}
        <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={`Kopírovat: ${label}`} title="Kopírovat">
          {isPhone ? null : 'Kopírovat'}
        </Button>
      </Flex>
    </div>
  );
}

export function FormEmbed({ formId }: { formId: string }) {
  const publicUrl = usePublicUrl();
  return (
    <div>
      <CopyRow label="Kód pro vložení na web" value={embedSnippet(publicUrl, formId)} multiline />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginTop: -4 }}>
        Vložte kód do stránky na některé z povolených domén, formulář se zobrazí na jeho místě.
      </Typography.Paragraph>
      <CopyRow label="Přímý odkaz na formulář" value={directLink(publicUrl, formId)} />
    </div>
  );
}
