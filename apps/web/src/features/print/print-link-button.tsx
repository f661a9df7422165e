// 'Tisk': opens the document's print route in a new tab with a fresh 15-minute link (print.createPrintToken). The tab
// is opened at the click, before the token arrives, so no popup blocker refuses it; the new tab gets no opener.
import { PrinterOutlined } from '@ant-design/icons';
import type { CreatePrintTokenInput } from '@volant/shared/pdf/print';
import { App, Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { schoolOf, useSchoolInput } from '../../app/use-school.ts';
import { describeError, useTRPCClient } from '../../lib/trpc.ts';

export function PrintLinkButton({
  input,
  label = 'Tisk',
  ...button
}: { input: CreatePrintTokenInput; label?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const client = useTRPCClient();
  const school = useSchoolInput();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const { path } = await client.print.createPrintToken.mutate({ ...schoolOf(school), ...input });
      if (tab) tab.location.href = path;
      else window.location.assign(path);
    } catch (e) {
      tab?.close();
      message.error(describeError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<PrinterOutlined />} loading={busy} onClick={onClick} {...button}>
      {label}
    </Button>
  );
}
