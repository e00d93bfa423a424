import { useEffect, useState } from 'react';

/**
 * The QR code of `value` as an SVG data URL (crisp at any size, high contrast, a quiet zone of
 * `margin` modules), drawn in the browser: nothing is sent anywhere. The QR library loads with
 * the first code, so a page that shows one does not wait for it before its first render.
 * Null until it is drawn, and when it cannot be.
 */
export function useQrSvg(value: string, margin: number): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(value, {
          type: 'svg',
          margin,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value, margin]);
  return src;
}

/**
 * A QR code of `value` as an image (generated in the browser, nothing is sent anywhere).
 * `label` is its accessible name.
 */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const src = useQrSvg(value, 1);
  return (
    <span
      className="qr-code"
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: 8,
        background: '#fff',
        overflow: 'hidden',
      }}
    >
      {src ? <img src={src} alt={label} width={size} height={size} style={{ display: 'block' }} /> : null}
    </span>
  );
}
