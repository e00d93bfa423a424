import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of a join link, drawn in the browser (nothing is sent anywhere), crisp at any
 * size: high contrast with a quiet zone, so a phone scans it off a projector across a hall.
 */
export function JoinQr({ value, label, size }: { value: string; label: string; size: number | string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <span className="lobby-qr" style={{ width: size, height: size }} data-testid="lobby-qr">
      {src ? <img src={src} alt={label} /> : null}
    </span>
  );
}
