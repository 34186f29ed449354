// New York Slice's ring as one SVG pizza that fills its column: a wedge per
// slice in the slice's colour (a combo split in its two colours), the type
// number near the crust, red dots for pepperoni and fish for anchovies inside
// the wedge, and each name outside with a leader line (ringLayout.ts places
// them so none overlaps or leaves the picture).  The Special sits in the
// middle by name; what it does is one line under the pizza, in the TV's own
// type size, where it can wrap.
import { S } from "../../strings";
import { inkOn, sliceColour, TYPE_COLOURS, type Slice } from "./model";
import {
  CENTRE_AT,
  CRUST,
  halfNumberPlaces,
  MARK_RADIUS,
  NAME_LINE,
  NUMBER_SIZE,
  RADIUS,
  ringLayout,
  wedgeParts,
  wrapName,
  wedgePath,
  type MarkKind,
  type Measure,
  type Point,
} from "./ringLayout";
import { sliceLabel, sliceName } from "./Slice";

let canvas: CanvasRenderingContext2D | null | undefined;

/** Bold text width in user units, measured with the page's font when a canvas can (never in jsdom). */
const measureName: Measure = (text) => {
  if (canvas === undefined) {
    try {
      canvas = typeof document !== "undefined" && !navigator.userAgent.includes("jsdom") ? document.createElement("canvas").getContext("2d") : null;
    } catch {
      canvas = null;
    }
    if (canvas) canvas.font = `800 100px ${getComputedStyle(document.body).fontFamily}`;
  }
  if (!canvas) return text.length * 7.2;
  // measured at 100px, scaled to the names' 12 units, with a little room for rounding
  return (canvas.measureText(text).width / 100) * 12 * 1.04;
};

function Marks({ kinds, places }: { kinds: MarkKind[]; places: Point[] }) {
  return (
    <g aria-hidden="true">
      {places.map((p, k) =>
        kinds[k] === "pep" ? (
          <circle key={k} class="nys-ring-pep" cx={p.x} cy={p.y} r={MARK_RADIUS} />
        ) : (
          // drawn centred on its box, body and tail
          <g key={k} class="nys-ring-fish" transform={`translate(${p.x.toFixed(2)} ${p.y.toFixed(2)})`}>
            <ellipse cx={-1.4} rx={5.2} ry={2.6} />
            <path d="M2.8 0 L6.6 -3 L6.6 3 Z" />
          </g>
        ),
      )}
    </g>
  );
}

function Wedge({ slice, start, end, mid }: { slice: Slice; start: number; end: number; mid: number }) {
  if (slice.kind === "combo") {
    // each half in its own type's colour, with its own number
    const [a, b] = slice.types;
    const [pa, pb] = halfNumberPlaces(String(a), String(b), start, end);
    return (
      <g>
        <path d={wedgePath(start, mid)} fill={TYPE_COLOURS[a]} />
        <path d={wedgePath(mid, end)} fill={TYPE_COLOURS[b]} />
        <path d={wedgePath(start, end)} fill="none" class="nys-wedge" />
        <text x={pa.x} y={pa.y} class="nys-ring-num nys-ring-num-half" fill={inkOn(TYPE_COLOURS[a])} text-anchor="middle" dominant-baseline="central">
          {a}
        </text>
        <text x={pb.x} y={pb.y} class="nys-ring-num nys-ring-num-half" fill={inkOn(TYPE_COLOURS[b])} text-anchor="middle" dominant-baseline="central">
          {b}
        </text>
      </g>
    );
  }
  const colour = sliceColour(slice);
  const number = slice.kind === "plain" ? String(slice.types[0]) : slice.kind === "anchovy" ? "A" : "S";
  const kinds: MarkKind[] = [...Array<MarkKind>(slice.pepperoni).fill("pep"), ...Array<MarkKind>(slice.anchovies).fill("fish")];
  const parts = wedgeParts(number, kinds, start, end);
  return (
    <g>
      <path d={wedgePath(start, end)} fill={colour} class="nys-wedge" />
      <text
        x={parts.number.x}
        y={parts.number.y}
        class="nys-ring-num"
        style={parts.size === NUMBER_SIZE ? undefined : { fontSize: `${parts.size}px` }}
        fill={inkOn(colour)} text-anchor="middle" dominant-baseline="central">
        {number}
      </text>
      <Marks kinds={kinds} places={parts.marks} />
    </g>
  );
}

/** The Special's name size (user units): the largest up to 11 at which its wrapped lines fit the box in the disc, with room to spare. */
export function specialNameSize(name: string, centre: number, measure: Measure = measureName): number {
  const width = 0.9 * centre * 1.6;
  const height = 0.9 * centre * 1.2;
  for (let size = 11; size > 6; size -= 0.25) {
    const scale = size / 12;
    const lines = wrapName(`\u2605 ${name}`, width / scale, measure);
    if (Math.max(...lines.map(measure)) * scale <= width && lines.length * size * 1.1 <= height) return size;
  }
  return 6;
}

/** What the Special does, one line under the pizza (or, on the TV, beside it: the Table's `SpecialLine`). */
export function SpecialLine({ special }: { special: string | null }) {
  const info = special ? S.nys_specials[special as keyof typeof S.nys_specials] : undefined;
  if (!special || !info) return null;
  return (
    <p class="nys-special-line">
      <span class="special-star" aria-hidden="true">
        ★
      </span>{" "}
      <strong>{info[0]}</strong>: {info[1]}
    </p>
  );
}

/** `line`: what the Special does, under the pizza (false: the screen shows `SpecialLine` elsewhere, the TV beside the ring). */
export function Ring({ ring, special, line = true }: { ring: Slice[]; special: string | null; line?: boolean }) {
  const layout = ringLayout(ring.map(sliceName), measureName);
  const box = layout.viewBox;
  const info = special ? S.nys_specials[special as keyof typeof S.nys_specials] : undefined;
  const centre = RADIUS * CENTRE_AT;
  // the Special's name in the middle: 11 units, smaller until every line (the star's included) fits the disc's box across and down
  const specialName = info?.[0] ?? special ?? "";
  const specialSize = specialNameSize(specialName, centre);
  return (
    <div class="nys-ring-wrap">
      <svg class="nys-ring" viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`} role="list" aria-label={S.nys_ring}>
        <circle r={RADIUS + CRUST} class="nys-ring-crust" />
        {ring.map((s, i) => {
          const w = layout.wedges[i];
          const l = w.label;
          const top = l.y - l.height / 2 + NAME_LINE / 2;
          return (
            <g key={s.id} role="listitem" aria-label={sliceLabel(s)} class="nys-ring-slice" data-slice={s.id} data-start={w.start} data-end={w.end}>
              <Wedge slice={s} start={w.start} end={w.end} mid={w.mid} />
              <line x1={l.from.x} y1={l.from.y} x2={l.to.x} y2={l.to.y} class="nys-leader" aria-hidden="true" />
              <text class="nys-ring-name" text-anchor={l.side > 0 ? "start" : "end"} aria-hidden="true">
                {l.lines.map((line, k) => (
                  <tspan key={k} x={l.x} y={top + k * NAME_LINE} dominant-baseline="central">
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
        {special && (
          <g role="listitem" aria-label={`${S.nys_special}: ${info?.[0] ?? special}. ${info?.[1] ?? ""}`} class="nys-ring-special">
            <circle r={centre} class="nys-ring-special-disc" />
            <foreignObject x={-centre * 0.8} y={-centre * 0.6} width={centre * 1.6} height={centre * 1.2} aria-hidden="true">
              <div class="nys-ring-special-text" style={{ fontSize: `${specialSize}px` }}>
                <span>
                  <span class="special-star">★</span> <span class="nys-ring-special-name">{specialName}</span>
                </span>
              </div>
            </foreignObject>
          </g>
        )}
      </svg>
      {line && <SpecialLine special={special} />}
    </div>
  );
}
