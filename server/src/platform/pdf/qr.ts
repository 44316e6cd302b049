import QRCode from 'qrcode';

/** A QR code as PNG bytes for embedPng; UTF-8 byte mode carries the Bangla text. */
export function qrPng(text: string): Promise<Uint8Array> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
}
