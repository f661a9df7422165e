// A modal with the app's defaults (spec §9: width 520; on phones ≤ 425 px a bottom sheet with a close button
// that opens about 300 ms late; buttons 'Potvrdit' and 'Zrušit' unless told otherwise).
import { Modal, type ModalProps } from 'antd';
import { useEffect, useState } from 'react';
import { useIsPhone } from '../lib/media.ts';

export interface AppModalProps extends Omit<ModalProps, 'mask' | 'maskClosable'> {
  /** Closing by a click outside the dialog; on by default. */
  maskClosable?: boolean;
}

const MOBILE_OPEN_DELAY_MS = 300;

export function AppModal({
  open,
  width = 520,
  maskClosable = true,
  rootClassName,
  closable = true,
  okText = 'Potvrdit',
  cancelText = 'Zrušit',
  ...rest
}: AppModalProps) {
  const isPhone = useIsPhone();
  const [delayedOpen, setDelayedOpen] = useState(false);
  useEffect(() => {
    if (!isPhone || !open) {
      setDelayedOpen(false);
      return;
    }
    const timer = setTimeout(() => setDelayedOpen(true), MOBILE_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isPhone, open]);

  if (isPhone) {
    return (
      <Modal
        {...rest}
        okText={okText}
        cancelText={cancelText}
        open={delayedOpen}
        width="100%"
        closable={rest.onCancel ? true : closable}
        mask={{ closable: maskClosable }}
        rootClassName={['app-sheet', rootClassName].filter(Boolean).join(' ')}
      />
    );
  }
  return (
    <Modal
      {...rest}
      okText={okText}
      cancelText={cancelText}
      open={open}
      width={width}
      closable={closable}
      mask={{ closable: maskClosable }}
      rootClassName={rootClassName}
    />
  );
}
