// Where things are drawn on the Pizza Theory board (RULES-NOTES 1.1-1.3).
// Display only: the server decides every rule; this module turns cube
// coordinates into picture coordinates, in units of one space-to-space step.
//
// Board frame: a space (x, y, z) sits at (x·a + y·b + z·c)/√3 with a, b, c
// unit vectors 120° apart.  In SVG's y-down coordinates that puts sector
// "1st" (family x, corner (0,-3,3)) at the top, "2nd" (family y) lower
// right and "3rd" (family z) lower left: clockwise, as RULES-NOTES 1.3 wants.

export type Cube = readonly [number, number, number];
export type Family = "x" | "y" | "z";
export interface Point {
  x: number;
  y: number;
}

const R3 = Math.sqrt(3);
const A: Point = { x: 1, y: 0 };
const B: Point = { x: -0.5, y: R3 / 2 };
const C: Point = { x: -0.5, y: -R3 / 2 };

export const RADIUS = 3;
export const FAMILIES: readonly Family[] = ["x", "y", "z"];
export const LINES = [1, 2, 3, 4, 5, 6] as const;
/** Where the pizza's crust is, in step units. */
export const PIZZA_RADIUS = 3.75;

/** Every space of the 37-space hexagon, ascending as integer triples. */
export const SPACES: readonly Cube[] = (() => {
  const out: Cube[] = [];
  for (let x = -RADIUS; x <= RADIUS; x++)
    for (let y = -RADIUS; y <= RADIUS; y++) {
      const z = -x - y;
      if (Math.abs(z) <= RADIUS) out.push([x, y, z]);
    }
  return out;
})();

export function key(c: Cube | readonly number[]): string {
  return `${c[0]},${c[1]},${c[2]}`;
}

export function parseSpace(value: unknown): Cube | null {
  if (Array.isArray(value) && value.length === 3 && value.every((n) => Number.isInteger(n))) {
    return [value[0], value[1], value[2]];
  }
  if (typeof value === "string") {
    const parts = value.split(",").map(Number);
    if (parts.length === 3 && parts.every(Number.isInteger)) return [parts[0], parts[1], parts[2]];
  }
  return null;
}

export function toPoint(c: readonly number[]): Point {
  const [x, y, z] = c;
  return { x: (x * A.x + y * B.x + z * C.x) / R3, y: (x * A.y + y * B.y + z * C.y) / R3 };
}

/** The sector (0 = "1st") whose cutter belongs to `family`. */
export function sectorOf(family: Family): number {
  return FAMILIES.indexOf(family);
}

/** The corner a sector faces: (0,-3,3), (3,0,-3), (-3,3,0). */
export const SECTOR_CORNERS: readonly Cube[] = [
  [0, -3, 3],
  [3, 0, -3],
  [-3, 3, 0],
];

/** The angle (degrees, SVG: clockwise from +x) from the centre to a sector. */
export function sectorAngle(sector: number): number {
  const p = toPoint(SECTOR_CORNERS[sector]);
  return (Math.atan2(p.y, p.x) * 180) / Math.PI;
}

function unit(p: Point): Point {
  const n = Math.hypot(p.x, p.y);
  return { x: p.x / n, y: p.y / n };
}

/**
 * Cut line `line` (1..6) of `family`: the straight line F = line - 3.5
 * (RULES-NOTES 1.2), clipped to the pizza.  `from` is the end at the sector's
 * side (where the number is written), `to` the far end.
 */
export function cutSegment(family: Family, line: number, radius = PIZZA_RADIUS): { from: Point; to: Point; label: Point } {
  const f = FAMILIES.indexOf(family);
  const c = line - 3.5;
  // The point of the line closest to the centre: F = c, the other two equal.
  const mid = [0, 0, 0];
  mid[f] = c;
  mid[(f + 1) % 3] = -c / 2;
  mid[(f + 2) % 3] = -c / 2;
  const p0 = toPoint(mid);
  // Along the line towards the sector's corner: the next coordinate grows
  // while the one after shrinks (x-lines point at (0,-3,3), and so on).
  const dir = [0, 0, 0];
  dir[(f + 2) % 3] = 1;
  dir[(f + 1) % 3] = -1;
  const d = unit(toPoint(dir));
  const half = Math.sqrt(Math.max(0, radius * radius - (p0.x * p0.x + p0.y * p0.y)));
  const from = { x: p0.x + d.x * half, y: p0.y + d.y * half };
  const to = { x: p0.x - d.x * half, y: p0.y - d.y * half };
  const label = { x: p0.x + d.x * (half + 0.45), y: p0.y + d.y * (half + 0.45) };
  return { from, to, label };
}

/** The spaces beside a line (for the 2-player neutral topping hint). */
export function touching(family: Family, line: number): Cube[] {
  const f = FAMILIES.indexOf(family);
  return SPACES.filter((s) => s[f] === line - 4 || s[f] === line - 3);
}

/**
 * Which spaces form which slice under some cuts: spaces on the same side of
 * every cut (RULES-NOTES 1.2).  Used to colour slices at the reveal when the
 * view does not list them.
 */
export function slicesOf(cuts: readonly { family: Family; line: number }[]): Cube[][] {
  const groups = new Map<string, Cube[]>();
  for (const s of SPACES) {
    const sig = cuts.map((c) => (s[FAMILIES.indexOf(c.family)] >= c.line - 3 ? "1" : "0")).join("");
    const g = groups.get(sig) ?? [];
    g.push(s);
    groups.set(sig, g);
  }
  return [...groups.values()];
}

/**
 * Where table position `position` sits around the TV's pizza (degrees):
 * clockwise from the left, so on a wide screen all three sit beside it.
 */
export function positionAngle(position: number): number {
  return 180 + 120 * position;
}

/** The board rotation (degrees) that turns `sector` to face `angle`. */
export function rotationFor(sector: number, angle: number): number {
  const r = angle - sectorAngle(sector);
  return ((r % 360) + 360) % 360;
}

/**
 * The one orientation of the pizza, on the TV and on every phone alike: the
 * sector facing table position 0 turned to that position's place (left), so
 * a player who looks from their phone to the TV sees the same pizza, the same
 * way round, with its lines numbered in the same places.  `sector` is the
 * sector facing position 0 this round (null before the game: no turn).
 */
export function tableRotation(sector: number | null): number {
  return sector === null ? 0 : rotationFor(sector, positionAngle(0));
}

/** How far the printed line numbers reach from the centre (their badges included), in step units. */
export const NUMBERS_REACH = PIZZA_RADIUS + 0.45 + 0.27;
