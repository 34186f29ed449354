// A player's shape, drawn in their colour, as an SVG fragment centred on
// (cx, cy) with radius r.  Used on the TV, the phones and on toppings.
import type { ShapeName } from "./players";

interface Props {
  shape: ShapeName | "ring";
  colour: string;
  cx?: number;
  cy?: number;
  r?: number;
  stroke?: string;
}

function polygon(cx: number, cy: number, r: number, n: number, turn = -Math.PI / 2, inner = 0): string {
  const pts: string[] = [];
  const count = inner ? n * 2 : n;
  for (let i = 0; i < count; i++) {
    const a = turn + (i * 2 * Math.PI) / count;
    const rr = inner && i % 2 ? inner : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

export function ShapeMark({ shape, colour, cx = 0, cy = 0, r = 10, stroke = "#1b0f0a" }: Props) {
  const common = { fill: colour, stroke, "stroke-width": r * 0.14 };
  switch (shape) {
    case "circle":
      return <circle cx={cx} cy={cy} r={r * 0.9} {...common} />;
    case "square":
      return <rect x={cx - r * 0.8} y={cy - r * 0.8} width={r * 1.6} height={r * 1.6} rx={r * 0.15} {...common} />;
    case "triangle":
      return <polygon points={polygon(cx, cy + r * 0.15, r * 1.05, 3)} {...common} />;
    case "diamond":
      return <polygon points={polygon(cx, cy, r, 4)} {...common} />;
    case "star":
      return <polygon points={polygon(cx, cy, r * 1.05, 5, -Math.PI / 2, r * 0.48)} {...common} />;
    case "hexagon":
      return <polygon points={polygon(cx, cy, r * 0.95, 6, 0)} {...common} />;
    case "cross":
      return (
        <polygon
          points={`${cx - r * 0.3},${cy - r * 0.9} ${cx + r * 0.3},${cy - r * 0.9} ${cx + r * 0.3},${cy - r * 0.3} ${cx + r * 0.9},${cy - r * 0.3} ${cx + r * 0.9},${cy + r * 0.3} ${cx + r * 0.3},${cy + r * 0.3} ${cx + r * 0.3},${cy + r * 0.9} ${cx - r * 0.3},${cy + r * 0.9} ${cx - r * 0.3},${cy + r * 0.3} ${cx - r * 0.9},${cy + r * 0.3} ${cx - r * 0.9},${cy - r * 0.3} ${cx - r * 0.3},${cy - r * 0.3}`}
          {...common}
        />
      );
    case "ring":
      return (
        <g>
          <circle cx={cx} cy={cy} r={r * 0.9} {...common} />
          <circle cx={cx} cy={cy} r={r * 0.4} fill="none" stroke={stroke} stroke-width={r * 0.18} />
        </g>
      );
  }
}

/** A standalone, labelled badge: the shape in a small SVG. */
export function PlayerMark({ shape, colour, size = 28, label }: { shape: Props["shape"]; colour: string; size?: number; label?: string }) {
  return (
    <svg
      class="mark"
      width={size}
      height={size}
      viewBox="-12 -12 24 24"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      <ShapeMark shape={shape} colour={colour} r={10.5} />
    </svg>
  );
}
