// The signature dialog (spec §2): a drawer with a 300×400 canvas on a pale background and 'Zrušit', 'Znovu', 'Uložit'.
// A form control (value/onChange): the value is the drawing as SVG text, null when there is none. signature_pad is
// loaded when the drawer first opens, so it stays out of the login and app-shell chunks.
import { Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type SignaturePadType from 'signature_pad';
import { useIsPhone } from '../lib/media.ts';

export const SIGNATURE_WIDTH = 300;
export const SIGNATURE_HEIGHT = 400;
const PALE = '#f6f8fb';

/** A stored signature as an image source: the SVG goes in as data, never into the page's markup. */
export function signatureSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The stored picture (small, as the form and lists show it). */
export function SignatureImage({ svg, alt, height = 80 }: { svg: string; alt: string; height?: number }) {
  return (
    <img
      src={signatureSrc(svg)}
      alt={alt}
      style={{ height, width: (height * SIGNATURE_WIDTH) / SIGNATURE_HEIGHT, background: PALE, border: '1px solid #d9d9d9', borderRadius: 4 }}
    />
  );
}

/** The drawing area (default the portrait 300×400 of the dialog; 'Můj den' uses a landscape one, two side by side). */
export function SignatureCanvas({
  padRef,
  width = SIGNATURE_WIDTH,
  height = SIGNATURE_HEIGHT,
  label = 'Plocha pro podpis',
}: {
  padRef: React.RefObject<SignaturePadType | null>;
  width?: number;
  height?: number;
  label?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let pad: SignaturePadType | null = null;
    let cancelled = false;
    void import('signature_pad').then(({ default: SignaturePad }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      // Sharp lines on dense screens: the bitmap has the device's pixels, the drawing keeps CSS pixels.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad = new SignaturePad(canvas, { backgroundColor: 'rgba(0,0,0,0)', penColor: '#1f1f1f' });
      padRef.current = pad;
      setReady(true);
    });
    return () => {
      cancelled = true;
      pad?.off();
      padRef.current = null;
    };
  }, [padRef, width, height]);

  return (
    <div style={{ position: 'relative', width, height, margin: '0 auto' }}>
      <canvas
        ref={canvasRef}
        aria-label={label}
        data-ready={ready ? 'true' : undefined}
        style={{
          width,
          height,
          background: PALE,
          // An outline, not a border: the drawing area stays exactly 300 × 400 and pointer positions unshifted.
          outline: '1px solid #d9d9d9',
          borderRadius: 8,
          touchAction: 'none',
          display: 'block',
        }}
      />
      {!ready && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
    </div>
  );
}

export interface SignatureFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Who signs: the drawer's title and the picture's alt text ('Podpis žáka', 'Podpis učitele'). */
  title: string;
  disabled?: boolean;
  /** The button while there is no signature (default 'Podepsat'; the pass says 'Podepsat průkaz'). */
  signLabel?: string;
}

/** The trigger ('Podepsat' / 'Upravit podpis'), the stored picture and the drawer. */
export function SignatureField({ value, onChange, title, disabled, signLabel = 'Podepsat' }: SignatureFieldProps) {
  const [open, setOpen] = useState(false);
  const padRef = useRef<SignaturePadType | null>(null);
  const isPhone = useIsPhone();

  const save = () => {
    const pad = padRef.current;
    // An empty drawing is no signature.
    onChange?.(pad && !pad.isEmpty() ? pad.toSVG() : null);
    setOpen(false);
  };

  return (
    <Flex vertical gap={8} align="flex-start">
      {value && <SignatureImage svg={value} alt={title} />}
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        {value ? 'Upravit podpis' : signLabel}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        size={isPhone ? '100%' : 380}
        destroyOnHidden
        footer={
          <Flex justify="flex-end" gap={8} wrap>
            <Button onClick={() => setOpen(false)}>Zrušit</Button>
            <Button onClick={() => padRef.current?.clear()}>Znovu</Button>
            <Button type="primary" onClick={save}>
              Uložit
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          Podepište se prstem nebo myší do plochy.
        </Typography.Paragraph>
        {open && <SignatureCanvas padRef={padRef} />}
      </Drawer>
    </Flex>
  );
}
