import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * A QR code drawn as one SVG path from the qrcode package's module matrix: synchronous, sharp on
 * paper at any size, and no canvas (so it also renders in tests and under a strict CSP).
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + 1} ${row + 1}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
      data-qr={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
