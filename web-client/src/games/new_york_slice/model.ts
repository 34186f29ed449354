// New York Slice's view (games/new_york_slice/views.py) as what screens draw:
// portions from ring cuts, tableaus grouped by type, legal commands sorted
// by what they do.  Display only: the hub decides every rule.
import { isLegal } from "../../net/legal";
import type { Command } from "../../net/wire";
import type { View } from "../types";

export interface Slice {
  id: number;
  kind: "plain" | "combo" | "anchovy" | "supreme";
  types: number[];
  pepperoni: number;
  anchovies: number;
  name: string;
}

/** A warm, distinct colour per pizza type (the number is always printed too). */
export const TYPE_COLOURS: Record<number, string> = {
  3: "#7cc47a",
  4: "#f2f2f2",
  5: "#f5d547",
  6: "#c8743a",
  7: "#b5544a",
  8: "#a58c6f",
  9: "#e0533d",
  10: "#8c3b3b",
  11: "#ffe39a",
};

/** Dark ink on a light slice, white on a dark one (by the colour's luminance). */
export function inkOn(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return "#1b0f0a";
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.2 ? "#1b0f0a" : "#fff";
}

export function sliceColour(s: Slice | null): string {
  if (!s) return "#5a3722";
  if (s.kind === "anchovy") return "#7aa6c2";
  if (s.kind === "supreme") return "#d49a3a";
  return TYPE_COLOURS[s.types[0]] ?? "#ccc";
}

/**
 * The portions a set of cuts makes (ring positions, clockwise): portion i
 * starts at cuts[i] and runs up to the next cut, wrapping round the ring.
 */
export function portionsOf(ringSize: number, cuts: number[]): number[][] {
  const sorted = [...new Set(cuts)].filter((c) => c >= 0 && c < ringSize).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  return sorted.map((start, i) => {
    const end = i + 1 < sorted.length ? sorted[i + 1] : sorted[0] + ringSize;
    const out: number[] = [];
    for (let p = start; p < end; p++) out.push(p % ringSize);
    return out;
  });
}

/**
 * The SliceRing command for this division when it is legal, else null. The
 * hub lists the Slicer's divisions as patterns (net/legal.ts), and a single
 * portion only as cut at 0.
 */
export function findSlicing(legal: Command[], cuts: number[], special: number | null): Command | null {
  const sorted = [...new Set(cuts)].sort((a, b) => a - b);
  const command: Command = { type: "SliceRing", cuts: sorted.length === 1 ? [0] : sorted, special };
  return isLegal(legal, command) ? command : null;
}

/** How many portions the Slicer must make (the players' count). */
export function portionCount(game: View): number {
  return Number(game.players);
}

export interface TypeGroup {
  key: string;
  count: number;
  slices: Slice[];
}

/** A tableau grouped by type (combos and the extra slices keep their own groups). */
export function groupTableau(slices: Slice[]): TypeGroup[] {
  const groups = new Map<string, TypeGroup>();
  for (const s of slices) {
    const key = s.kind === "plain" ? `t${s.types[0]}` : s.kind === "combo" ? `c${s.types.join("-")}` : s.kind;
    const g = groups.get(key) ?? { key, count: 0, slices: [] };
    g.count += 1;
    g.slices.push(s);
    groups.set(key, g);
  }
  const order = (g: TypeGroup) => (g.key.startsWith("t") ? Number(g.key.slice(1)) : g.key.startsWith("c") ? 20 : 30);
  return [...groups.values()].sort((a, b) => order(a) - order(b));
}

export interface PlateChoice {
  slice: Slice | null;
  sliceId: number;
  mystery: boolean;
  offered: boolean;
  collect: Command[];
  eat: Command | null;
}

/** Each slice on this seat's plate with the ways it may be collected or eaten. */
export function plateChoices(game: View, legal: Command[]): PlateChoice[] {
  const ids = new Set<number>();
  for (const c of legal) if (c.type === "CollectSlice" || c.type === "EatSlice") ids.add(Number(c.slice));
  const items = (game.plate ?? []) as { slice: Slice | null; mystery: boolean; offered: boolean }[];
  const out: PlateChoice[] = [];
  for (const id of ids) {
    const item = items.find((i) => i.slice?.id === id) ?? items.find((i) => i.mystery && !i.slice) ?? null;
    out.push({
      slice: item?.slice ?? null,
      sliceId: id,
      mystery: Boolean(item?.mystery),
      offered: Boolean(item?.offered),
      collect: legal.filter((c) => c.type === "CollectSlice" && c.slice === id),
      eat: legal.find((c) => c.type === "EatSlice" && c.slice === id) ?? null,
    });
  }
  return out;
}

/** Whose decision it is, from the view's `decision`. */
export function deciding(game: View): number | null {
  const seat = game.decision?.seat;
  return typeof seat === "number" && seat >= 0 ? seat : null;
}

/** A Sneak-a-Slice move as the phone draws it: the slice that moves, from which portion to which. */
export interface SneakMove {
  from: number;
  to: number;
  slice: Slice | null;
}

/**
 * Where a Sneak-a-Slice move sends its slice (games/new_york_slice/division.py `neighbours`): the
 * portions still on the table, in ring order, are a ring; onward is the next one, back the one before.
 * Onward moves the portion's last slice, back its first.
 */
export function sneakMove(game: View, portion: number, clockwise: boolean): SneakMove {
  const portions = (game.portions ?? []) as View[];
  const open = portions.filter((p) => (p.taken_by === null || p.taken_by === undefined) && ((p.slices as Slice[]) ?? []).length > 0).map((p) => Number(p.index));
  const at = open.indexOf(portion);
  const to = at < 0 || open.length < 2 ? portion : open[(at + (clockwise ? 1 : -1) + open.length) % open.length];
  const slices = ((portions.find((p) => Number(p.index) === portion)?.slices as Slice[]) ?? []);
  return { from: portion, to, slice: (clockwise ? slices[slices.length - 1] : slices[0]) ?? null };
}

/** One portion as the TV's layout needs it: how many slices, whether the Special lies in it, whether it is taken. */
export interface PortionSize {
  slices: number;
  special: boolean;
  taken: boolean;
}

/** The room the TV's portions have (em of the table's type): the pizza's column beside the tableaus, less the header, the strip and the padding. */
export const PORTIONS_ROOM = { width: 37.2, height: 26 } as const;

/** Slice sizes the TV's portions take (em of a slice card, in em of the table's type): read from a sofa, never larger than a slice on the ring. */
const SCALE_MAX = 1.5;
const SCALE_MIN = 0.6;

/**
 * How the TV lays out the portions (the party audit: six portions of ~50 px triangles in a corner of the
 * TV, unreadable from across the room): their columns (two portions side by side, three for three, five
 * or six), and one size for every slice card, the largest at which each portion's slices (in the rows
 * that suit it best) with its letter, its Special and its taker fit its share of the column.  `names`:
 * the slices' names fit under them at that size too (two lines at most), so they are shown.
 */
export function portionLayout(portions: PortionSize[], room: { width: number; height: number } = PORTIONS_ROOM): { cols: number; scale: number; names: boolean } {
  const n = Math.max(1, portions.length);
  const cols = n === 1 ? 1 : n === 2 || n === 4 ? 2 : 3;
  const rows = Math.ceil(n / cols);
  const gap = 0.6; // between portions
  const inner = 0.2; // between slice cards
  // (a portion's padding and border; its letter; the gaps between its parts)
  const boxW = (room.width - (cols - 1) * gap) / cols - 1.4;
  const boxH = (room.height - (rows - 1) * gap) / rows - 1.4 - 2.2;
  /** The largest card size for every portion, a card `tall` em of its own type high. */
  const largest = (tall: number) => {
    let scale = SCALE_MAX;
    for (const p of portions) {
      const fixed = (p.special ? 1.9 : 0) + (p.taken ? 2.3 : 0);
      if (p.slices <= 0) continue;
      let best = 0;
      for (let perRow = 1; perRow <= p.slices; perRow++) {
        const lines = Math.ceil(p.slices / perRow);
        const byWidth = (boxW - (perRow - 1) * inner) / (4.6 * perRow);
        const byHeight = (boxH - fixed - (lines - 1) * inner) / (tall * lines);
        best = Math.max(best, Math.min(byWidth, byHeight));
      }
      scale = Math.min(scale, best);
    }
    return scale;
  };
  // a card: its triangle (4.4 em), and with its name two lines of 0.62 em under it
  const bare = largest(4.4);
  const named = largest(4.4 + 0.2 + 2 * 0.62 * 1.15);
  const scale = Math.max(SCALE_MIN, Math.round(bare * 100) / 100);
  return { cols, scale, names: named >= scale - 0.005 };
}
