import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `value` as an image (generated in the browser, nothing is sent anywhere).
 * `label` is its accessible name.
 */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <span className="qr-code" style={{ display: 'inline-block', flex: 'none', width: size, height: size, borderRadius: 8, background: '#fff', overflow: 'hidden' }}>
      {src ? <img src={src} alt={label} width={size} height={size} style={{ display: 'block' }} /> : null}
    </span>
  );
}
