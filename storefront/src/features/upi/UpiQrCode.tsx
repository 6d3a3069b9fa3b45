import { QRCodeSVG } from 'qrcode.react';

/** The QR code of a UPI link; its own chunk, loaded only when a QR is shown. */
export default function UpiQrCode({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={208}
      level="M"
      marginSize={2}
      role="img"
      aria-label={label}
      className="upi-qr-code"
    />
  );
}
