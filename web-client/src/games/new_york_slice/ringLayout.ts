// Where everything goes on New York Slice's ring, drawn as one SVG pizza
// (Ring.tsx): a wedge per slice, its number near the crust and its topping
// marks inside the wedge, its name outside the pizza with a leader line.
// Pure geometry in SVG user units (the pizza's radius is RADIUS), so it is
// unit-tested and every screen that draws the ring places things the same way.
//
// Names never fit inside a wedge of an eleven-slice ring, so they all sit
// outside: right of the pizza for wedges on its right half, left for the
// others, each side stacked top to bottom in ring order and pushed apart so
// that no two names overlap, and each pushed out until it clears the crust.

export const RADIUS = 100;
/** The crust's width beyond the wedges. */
export const CRUST = 6;
/** Where a wedge's number sits (fraction of the radius). */
export const NUMBER_AT = 0.83;
/** Where a combo's two numbers sit, one in each half (fraction of the radius): nearer the crust, where a half is widest. */
export const HALF_NUMBER_AT = 0.86;
/** The two rows of topping marks (fractions of the radius), two marks to a row. */
export const MARK_ROWS = [0.58, 0.475] as const;
export const MARK_RADIUS = 5;
/** The Special's disc in the middle (fraction of the radius). */
export const CENTRE_AT = 0.4;
/** Names: font size, line height and the gap between the crust and a name, in user units. */
export const NAME_SIZE = 12;
export const NAME_LINE = 13.5;
export const NAME_GAP = 9;
/** Space kept between two stacked names. */
export const NAME_PAD = 2.5;

export interface Point {
  x: number;
  y: number;
}

/** Measures a name's width in user units at NAME_SIZE (a canvas in the browser, an estimate elsewhere). */
export type Measure = (text: string) => number;

export interface NameLabel {
  /** Lines of the name (a long name is wrapped at its spaces). */
  lines: string[];
  /** Where the text starts (right side) or ends (left side), and the block's vertical centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  side: 1 | -1;
  /** The leader line: from the crust at the wedge's middle to just before the name. */
  from: Point;
  to: Point;
}

export interface WedgeLayout {
  /** Start and end angles (degrees, SVG: clockwise from +x). */
  start: number;
  end: number;
  mid: number;
  label: NameLabel;
}

export interface RingLayout {
  wedges: WedgeLayout[];
  /** The SVG viewBox: centred on the pizza, wide enough for every name. */
  viewBox: { x: number; y: number; width: number; height: number };
}

const RAD = Math.PI / 180;

export function polar(r: number, degrees: number): Point {
  return { x: r * Math.cos(degrees * RAD), y: r * Math.sin(degrees * RAD) };
}

/** A rough width for bold text (used where no canvas can measure: tests, the first render). */
export function estimateWidth(text: string): number {
  return text.length * NAME_SIZE * 0.6;
}

/**
 * Splits a name at its spaces so that no line is wider than `max` (a single
 * long word stays whole); a combo's " / " stays at the end of its first half.
 */
export function wrapName(name: string, max: number, measure: Measure): string[] {
  const words = name.replace(/ \/ /g, "\u00a0/ ").split(/ +/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && measure(`${last} ${word}`) <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [name];
}

/** The widest line a name may take before it wraps: its longest word, and never less than "Margherita". */
function wrapWidth(names: string[], measure: Measure): number {
  let widest = measure("Margherita");
  for (const name of names) for (const word of name.split(/\s+/)) widest = Math.max(widest, measure(word));
  return widest;
}

/** Wedge i's middle angle: slice 0 at the top, the others clockwise, as the Slicer's list reads. */
export function wedgeMid(i: number, n: number): number {
  return -90 + (i * 360) / Math.max(n, 1);
}

/**
 * Stacks one side's names: in ring order (top to bottom), each at least its
 * neighbour's height apart, the whole stack kept within `limit` of the centre.
 */
function stack(labels: NameLabel[], wanted: number[], limit: number): void {
  const order = labels.map((_, k) => k).sort((a, b) => wanted[a] - wanted[b]);
  let bottom = -Infinity;
  for (const k of order) {
    const l = labels[k];
    l.y = Math.max(wanted[k], bottom + NAME_PAD + l.height / 2);
    bottom = l.y + l.height / 2;
  }
  // pushed past the bottom: shift back up from the last one
  let top = limit;
  for (const k of [...order].reverse()) {
    const l = labels[k];
    l.y = Math.min(l.y, top - l.height / 2);
    top = l.y - l.height / 2 - NAME_PAD;
  }
}

/** How far out a name must start so that its whole block clears the crust and the gap. */
function clearX(y: number, height: number): number {
  const clear = RADIUS + CRUST + NAME_GAP;
  const near = y - height / 2 <= 0 && y + height / 2 >= 0 ? 0 : Math.min(Math.abs(y - height / 2), Math.abs(y + height / 2));
  return Math.sqrt(Math.max(0, clear * clear - near * near));
}

export function ringLayout(names: string[], measure: Measure = estimateWidth): RingLayout {
  const n = names.length;
  const step = 360 / Math.max(n, 1);
  const maxLine = wrapWidth(names, measure);
  const wedges: WedgeLayout[] = names.map((name, i) => {
    const mid = wedgeMid(i, n);
    const c = Math.cos(mid * RAD);
    // the top wedge's name goes right, a bottom one (even rings) left
    const side: 1 | -1 = Math.abs(c) < 1e-9 ? (Math.sin(mid * RAD) < 0 ? 1 : -1) : c > 0 ? 1 : -1;
    const lines = wrapName(name, maxLine, measure);
    const width = Math.max(...lines.map(measure));
    const height = lines.length * NAME_LINE;
    const label: NameLabel = { lines, x: 0, y: 0, width, height, side, from: { x: 0, y: 0 }, to: { x: 0, y: 0 } };
    return { start: mid - step / 2, end: mid + step / 2, mid, label };
  });
  const reach = RADIUS + CRUST + NAME_GAP;
  const limit = reach + NAME_LINE * 1.5;
  for (const side of [1, -1] as const) {
    const own = wedges.filter((w) => w.label.side === side);
    stack(
      own.map((w) => w.label),
      own.map((w) => reach * Math.sin(w.mid * RAD)),
      limit,
    );
  }
  let halfWidth = RADIUS + CRUST;
  let halfHeight = RADIUS + CRUST;
  for (const w of wedges) {
    const l = w.label;
    l.x = l.side * Math.max(clearX(l.y, l.height), 4);
    l.from = polar(RADIUS + CRUST, w.mid);
    l.to = { x: l.x - l.side * 2.5, y: l.y };
    halfWidth = Math.max(halfWidth, Math.abs(l.x) + l.width);
    halfHeight = Math.max(halfHeight, Math.abs(l.y) + l.height / 2);
  }
  halfWidth += 3;
  halfHeight += 3;
  return { wedges, viewBox: { x: -halfWidth, y: -halfHeight, width: 2 * halfWidth, height: 2 * halfHeight } };
}

/** The wedge's outline: centre, out along `start`, round the arc to `end`, back. */
export function wedgePath(start: number, end: number, r = RADIUS): string {
  const a = polar(r, start);
  const b = polar(r, end);
  const large = end - start > 180 ? 1 : 0;
  return `M0 0 L${a.x.toFixed(2)} ${a.y.toFixed(2)} A${r} ${r} 0 ${large} 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)} Z`;
}

/**
 * Where a wedge's topping marks go: up to two per row, rows from the crust
 * inwards, side by side across the wedge.
 */
export function markPlaces(count: number, mid: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < count; k++) {
    const row = Math.floor(k / 2);
    const inRow = Math.min(2, count - row * 2);
    const r = RADIUS * (MARK_ROWS[row] ?? MARK_ROWS[MARK_ROWS.length - 1] - 0.11 * (row - 1));
    const spread = inRow === 1 ? 0 : ((k % 2 === 0 ? -1 : 1) * (MARK_RADIUS + 1.2) * 180) / (Math.PI * r);
    out.push(polar(r, mid + spread));
  }
  return out;
}
