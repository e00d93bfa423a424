import { useQrSvg } from '../../../components/ui/qr-code';

/**
 * A QR code of a join link, drawn in the browser (nothing is sent anywhere), crisp at any
 * size: high contrast with a quiet zone, so a phone scans it off a projector across a hall.
 */
export function JoinQr({ value, label, size }: { value: string; label: string; size: number | string }) {
  const src = useQrSvg(value, 2);
  return (
    <span className="lobby-qr" style={{ width: size, height: size }} data-testid="lobby-qr">
      {src ? <img src={src} alt={label} /> : null}
    </span>
  );
}
