// A reveal's skewers never cover a line's number: no skewer (with its
// shadow's width and round cap) comes within a number badge of any line.
import { describe, expect, it } from "vitest";
import { skewerSegment } from "../src/games/pizza_theory/Board";
import { cutSegment, FAMILIES, LINES, PIZZA_RADIUS } from "../src/games/pizza_theory/geometry";

type P = { x: number; y: number };

function distanceToSegment(p: P, a: P, b: P): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

describe("Pizza Theory's skewers", () => {
  const BADGE = 0.27;
  const HALF_SHADOW = 0.13;
  it.each(FAMILIES.flatMap((f) => LINES.map((n) => [f, n] as const)))("%s-line %i leaves every number badge clear", (family, line) => {
    const skewer = skewerSegment({ family, line });
    for (const f of FAMILIES)
      for (const n of LINES) {
        const badge = cutSegment(f, n).label;
        expect(distanceToSegment(badge, skewer.from, skewer.to), `${f}${n}`).toBeGreaterThan(BADGE + HALF_SHADOW);
      }
  });
  it("still cross the whole cheese", () => {
    for (const f of FAMILIES)
      for (const n of LINES) {
        const s = skewerSegment({ family: f, line: n });
        expect(Math.hypot(s.from.x, s.from.y)).toBeGreaterThan(PIZZA_RADIUS);
        expect(Math.hypot(s.to.x, s.to.y)).toBeGreaterThan(PIZZA_RADIUS);
      }
  });
});
