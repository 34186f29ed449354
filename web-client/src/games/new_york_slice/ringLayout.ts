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

/** A mark's kind: a pepperoni disc or an anchovy (drawn centred on its box). */
export type MarkKind = "pep" | "fish";
/** Half a mark's width and height as the browser boxes it (a little over the drawing: its outline). */
export const MARK_BOX: Record<MarkKind, readonly [number, number]> = { pep: [5.6, 5.6], fish: [6.9, 3.5] };
/** Type sizes of a wedge's number and of a combo's two numbers (user units). */
export const NUMBER_SIZE = 22;
export const HALF_NUMBER_SIZE = 15;
/** Room kept between any two boxes (number, marks) and between a box and its wedge's sides, in user units. */
export const GAP = 1;
/** Centres of two marks at least this far apart. */
const MARK_APART = 2 * MARK_RADIUS + 1;

/** An axis-aligned box: its centre and half its width and height (what getBoundingClientRect sees). */
export interface Box {
  x: number;
  y: number;
  hx: number;
  hy: number;
}

/**
 * A number's box at `size`: a generous advance width per character and the font's whole line box.
 * A digit's bold advance is under 0.68 em; the letters a wedge may show instead ("A" for the Anchovy,
 * "S" for the Supreme) are wider in bold (an "A" about 0.77 em), so they get 0.8 em: with 0.68 a
 * mark laid beside an "A" touched it by a fraction of a pixel on the TV (tests/browser/test_ring.py).
 */
export function numberBox(text: string, size: number, at: Point): Box {
  let em = 0;
  for (const c of text) em += c >= "0" && c <= "9" ? 0.68 : 0.8;
  return { x: at.x, y: at.y, hx: (em / 2) * size, hy: 0.62 * size };
}

/** Whether every corner of `b` lies between the wedge's sides (at least `margin` from each) and within `outer` of the centre. */
export function boxInWedge(b: Box, start: number, end: number, margin: number, outer: number): boolean {
  const [cs, ss, ce, se] = [Math.cos(start * RAD), Math.sin(start * RAD), Math.cos(end * RAD), Math.sin(end * RAD)];
  const mid = ((start + end) / 2) * RAD;
  for (const px of [b.x - b.hx, b.x + b.hx]) {
    for (const py of [b.y - b.hy, b.y + b.hy]) {
      if (cs * py - ss * px < margin || ce * py - se * px > -margin) return false;
      if (px * Math.cos(mid) + py * Math.sin(mid) <= 0 || Math.hypot(px, py) > outer) return false;
    }
  }
  return true;
}

/** Whether two boxes keep `gap` between them. */
export function apart(a: Box, b: Box, gap: number): boolean {
  return Math.abs(a.x - b.x) >= a.hx + b.hx + gap || Math.abs(a.y - b.y) >= a.hy + b.hy + gap;
}

/** The distance from the pizza's centre to the nearest point of a box. */
export function nearestTo(b: Box): number {
  const dx = Math.max(b.x - b.hx, 0, -(b.x + b.hx));
  const dy = Math.max(b.y - b.hy, 0, -(b.y + b.hy));
  return Math.hypot(dx, dy);
}

/** The outermost a number may reach: onto the crust, never past it. */
const NUMBER_OUTER = RADIUS + CRUST - GAP;

/** Where a wedge's number goes: as near the crust as its box allows inside the wedge. */
export function numberPlace(text: string, start: number, end: number, size = NUMBER_SIZE): Point {
  const mid = (start + end) / 2;
  for (let r = RADIUS * 0.9; r >= RADIUS * 0.6; r -= 0.5) {
    const p = polar(r, mid);
    if (boxInWedge(numberBox(text, size, p), start, end, GAP, NUMBER_OUTER)) return p;
  }
  return polar(RADIUS * 0.6, mid);
}

/** Where a combo's two numbers go: one each side of the middle line, as near the crust as both boxes fit inside the wedge, apart. */
export function halfNumberPlaces(a: string, b: string, start: number, end: number): [Point, Point] {
  const mid = (start + end) / 2;
  const half = (end - start) / 2;
  for (let r = RADIUS * 0.88; r >= RADIUS * 0.55; r -= 0.5) {
    // each in the middle of its half if it can, else nearer the wedge's middle line, else one a little nearer the centre
    for (let dr = 0; dr <= 14; dr += 2) {
      for (let off = half / 2; off >= half * 0.15; off -= half / 40) {
        for (const [ra, rb] of dr ? [[r, r - dr], [r - dr, r]] : [[r, r]]) {
          const pa = polar(ra, mid - off);
          const pb = polar(rb, mid + off);
          const ba = numberBox(a, HALF_NUMBER_SIZE, pa);
          const bb = numberBox(b, HALF_NUMBER_SIZE, pb);
          if (boxInWedge(ba, start, end, GAP, NUMBER_OUTER) && boxInWedge(bb, start, end, GAP, NUMBER_OUTER) && apart(ba, bb, GAP)) return [pa, pb];
        }
      }
    }
  }
  return [polar(RADIUS * 0.7, mid - half / 2), polar(RADIUS * 0.7, mid + half / 2)];
}

function markBox(kind: MarkKind, p: Point): Box {
  const [hx, hy] = MARK_BOX[kind];
  return { x: p.x, y: p.y, hx, hy };
}

/** One row of marks at radius r, `d` apart sideways, if each box fits its wedge clear of the number, the Special and the row above. */
function tryRow(kinds: MarkKind[], r: number, d: number, start: number, end: number, number: Box | null, above: Point[]): Point[] | null {
  const mid = (start + end) / 2;
  const places =
    kinds.length === 1 ? [polar(r, mid)] : [-1, 1].map((sgn) => polar(r, mid + (sgn * Math.asin(Math.min(1, d / 2 / r))) / RAD));
  for (let k = 0; k < kinds.length; k++) {
    const b = markBox(kinds[k], places[k]);
    if (!boxInWedge(b, start, end, GAP, RADIUS - GAP)) return null;
    if (nearestTo(b) < RADIUS * CENTRE_AT + GAP) return null;
    if (number && !apart(b, number, GAP)) return null;
    if (above.some((q) => Math.hypot(q.x - places[k].x, q.y - places[k].y) < MARK_APART)) return null;
  }
  return places;
}

/**
 * Where a wedge's topping marks go: up to two per row, rows from the number
 * inwards, side by side across the wedge; each mark's box inside the wedge,
 * clear of the number's box, of the Special's disc and of the other marks.
 * `number` is the wedge's number box (or a combo's: none has marks).
 */
export function markPlaces(kinds: MarkKind[] | number, mid: number, step = 360 / 11, number: Box | null = null): Point[] {
  const list: MarkKind[] = typeof kinds === "number" ? Array<MarkKind>(kinds).fill("pep") : kinds;
  if (!list.length) return [];
  const start = mid - step / 2;
  const end = mid + step / 2;
  // two to a row; when two rows of two find no room, one, two, one (or two, one)
  const patterns = list.length <= 2 ? [[list.length]] : list.length === 3 ? [[2, 1], [1, 2], [1, 1, 1]] : [[2, 2], [1, 2, 1], [2, 1, 1], [1, 1, 2]];
  for (const pattern of patterns) {
    const rows: MarkKind[][] = [];
    let at = 0;
    for (const size of pattern) {
      rows.push(list.slice(at, at + size));
      at += size;
    }
    const place = (row: number, maxR: number, above: Point[]): Point[] | null => {
      if (row === rows.length) return [];
      for (let r = maxR; r >= RADIUS * CENTRE_AT; r -= 0.5) {
        for (let d = MARK_APART; d <= MARK_APART * 2; d += 1) {
          const got = tryRow(rows[row], r, d, start, end, number, above);
          if (!got) continue;
          const rest = place(row + 1, r - 0.5, [...above, ...got]);
          if (rest) return [...got, ...rest];
          if (rows[row].length === 1) break;
        }
      }
      return null;
    };
    const found = place(0, RADIUS * 0.8, []);
    if (found) return found;
  }
  // (no room: the old fixed rows, which the ring test would catch)
  return list.map((_, k) => polar(RADIUS * (MARK_ROWS[Math.min(Math.floor(k / 2), 1)] ?? 0.5), mid + (k % 2 ? 6 : -6) * (list.length > 1 ? 1 : 0)));
}

/** A plain (or Anchovy, Supreme) wedge's number and marks, laid out together. */
export interface WedgeParts {
  number: Point;
  /** The number's type size: NUMBER_SIZE, a little smaller only when its marks find no room beside it. */
  size: number;
  marks: Point[];
}

/** Whether marks at `places` are all where markPlaces promises (in the wedge, clear of the number, the disc and each other). */
function marksFit(kinds: MarkKind[], places: Point[], start: number, end: number, number: Box): boolean {
  return places.every((p, k) => {
    const b = markBox(kinds[k], p);
    return (
      boxInWedge(b, start, end, GAP, RADIUS - GAP) &&
      nearestTo(b) >= RADIUS * CENTRE_AT + GAP &&
      apart(b, number, GAP) &&
      places.every((q, l) => l === k || Math.hypot(q.x - p.x, q.y - p.y) >= MARK_APART - 1e-6)
    );
  });
}

/** Lays out a wedge's number and marks; a two-digit number with four marks in a thin slanted wedge steps down in size until all fit. */
export function wedgeParts(text: string, kinds: MarkKind[], start: number, end: number): WedgeParts {
  const key = `${text} ${kinds.join(",")} ${start} ${end}`;
  const known = partsCache.get(key);
  if (known) return known;
  const parts = layOutParts(text, kinds, start, end);
  if (partsCache.size > 500) partsCache.clear();
  partsCache.set(key, parts);
  return parts;
}

/** (the search takes a few milliseconds a wedge: each ring redraw asks again for the same wedges) */
const partsCache = new Map<string, WedgeParts>();

function layOutParts(text: string, kinds: MarkKind[], start: number, end: number): WedgeParts {
  let last: WedgeParts | null = null;
  for (let size = NUMBER_SIZE; size >= NUMBER_SIZE - 5; size -= 1) {
    const number = numberPlace(text, start, end, size);
    const box = numberBox(text, size, number);
    const marks = markPlaces(kinds, (start + end) / 2, end - start, box);
    last = { number, size, marks };
    if (marksFit(kinds, marks, start, end, box)) return last;
  }
  return last as WedgeParts;
}
