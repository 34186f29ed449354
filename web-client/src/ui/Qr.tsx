// A QR code as SVG, drawn from the `qrcode` library's module matrix (no
// canvas, no innerHTML), with a quiet zone and dark-on-light for scanners.
import QRCode from "qrcode";

export function qrPath(text: string): { size: number; path: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const data = qr.modules.data;
  let path = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  return { size, path };
}

export function Qr({ text, label, px = 320 }: { text: string; label: string; px?: number }) {
  const { size, path } = qrPath(text);
  const quiet = 4;
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shape-rendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
