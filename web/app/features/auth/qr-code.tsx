import type { QrCode } from './qr-code.server.ts'

/** A QR code drawn by qr-code.server.ts: black on white, sharp at any size, also in print. */
export function QrCodeImage({ code, label }: { code: QrCode; label: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${code.size} ${code.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
      className="mx-auto block size-56 max-w-full rounded-lg border border-slate-200"
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  )
}
