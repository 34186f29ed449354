// New York Slice's ring as one SVG pizza (issue 27): every name outside the
// pizza, none over another, all inside the picture; numbers and topping marks
// inside their wedge; and one name per slice on every screen (the hub's own
// "Pepperoni / Cheese", never "Combo" on one screen and the halves on another).
import { render } from "preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Slice } from "../src/games/new_york_slice/model";
import { Ring, specialNameSize } from "../src/games/new_york_slice/Ring";
import {
  CENTRE_AT,
  CRUST,
  HALF_NUMBER_SIZE,
  halfNumberPlaces,
  MARK_BOX,
  MARK_RADIUS,
  NUMBER_SIZE,
  numberBox,
  wedgeParts,
  RADIUS,
  ringLayout,
  wrapName,
  estimateWidth,
  type Box,
  type MarkKind,
  type NameLabel,
} from "../src/games/new_york_slice/ringLayout";
import { SliceCard, sliceLabel, sliceName } from "../src/games/new_york_slice/Slice";
import { S, setLanguage } from "../src/strings";

/** The longest names a ring can hold, in English and Spanish, eleven of them. */
const LONG_EN = ["Pepperoni / Cheese", "Meat Lovers", "BBQ Chicken", "Margherita", "Mushroom", "Meat Lovers / Mushroom", "Hawaiian", "Sausage", "Veggie", "Anchovy", "BBQ Chicken / Sausage"];
const LONG_ES = ["Pepperoni / Queso", "Carnívora", "Pollo barbacoa", "Margarita", "Champiñones", "Champiñones / Carnívora", "Hawaiana", "Salchicha", "Vegetal", "Anchoa", "Pollo barbacoa / Salchicha"];

function box(l: NameLabel) {
  const left = l.side > 0 ? l.x : l.x - l.width;
  return { left, right: left + l.width, top: l.y - l.height / 2, bottom: l.y + l.height / 2 };
}

function overlap(a: ReturnType<typeof box>, b: ReturnType<typeof box>): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The distance from the pizza's centre to the nearest point of a box. */
function nearest(b: ReturnType<typeof box>): number {
  const dx = b.left > 0 ? b.left : b.right < 0 ? -b.right : 0;
  const dy = b.top > 0 ? b.top : b.bottom < 0 ? -b.bottom : 0;
  return Math.hypot(dx, dy);
}

describe("the ring's layout", () => {
  for (const [lang, names] of [["en", LONG_EN], ["es", LONG_ES]] as const) {
    for (const n of [11, 10, 7, 2]) {
      it(`puts ${n} ${lang} names outside the pizza, apart, inside the picture`, () => {
        // Given a ring of n slices with the longest names
        const layout = ringLayout(names.slice(0, n));
        const boxes = layout.wedges.map((w) => box(w.label));
        const v = layout.viewBox;
        for (let i = 0; i < boxes.length; i++) {
          // Then no name touches the pizza (crust included)
          expect(nearest(boxes[i])).toBeGreaterThanOrEqual(RADIUS + CRUST);
          // and each is inside the viewBox
          expect(boxes[i].left).toBeGreaterThanOrEqual(v.x);
          expect(boxes[i].right).toBeLessThanOrEqual(v.x + v.width);
          expect(boxes[i].top).toBeGreaterThanOrEqual(v.y);
          expect(boxes[i].bottom).toBeLessThanOrEqual(v.y + v.height);
          // and no two names overlap
          for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j]), `${names[i]} / ${names[j]}`).toBe(false);
        }
      });
    }
  }

  it("keeps each side's names in ring order, top to bottom, each leader line starting at its wedge", () => {
    const layout = ringLayout(LONG_EN);
    for (const side of [1, -1]) {
      const own = layout.wedges.filter((w) => w.label.side === side);
      const byY = [...own].sort((a, b) => a.label.y - b.label.y);
      const byAngle = [...own].sort((a, b) => Math.sin((a.mid * Math.PI) / 180) - Math.sin((b.mid * Math.PI) / 180));
      expect(byY).toEqual(byAngle);
    }
    for (const w of layout.wedges) {
      const angle = (Math.atan2(w.label.from.y, w.label.from.x) * 180) / Math.PI;
      expect(Math.abs(((angle - w.mid + 540) % 360) - 180)).toBeLessThan(0.01);
    }
  });

  it("covers the whole pizza with one wedge per slice, slice 0 at the top", () => {
    const layout = ringLayout(LONG_EN);
    expect(layout.wedges[0].mid).toBe(-90);
    const total = layout.wedges.reduce((sum, w) => sum + (w.end - w.start), 0);
    expect(total).toBeCloseTo(360);
  });

  it("wraps a combo's name after its slash and never splits a word", () => {
    expect(wrapName("Pepperoni / Cheese", estimateWidth("Margherita"), estimateWidth)).toEqual(["Pepperoni\u00a0/", "Cheese"]);
    expect(wrapName("Champiñones", 10, estimateWidth)).toEqual(["Champiñones"]);
    expect(wrapName("Veggie", 500, estimateWidth)).toEqual(["Veggie"]);
  });

  it("puts up to four topping marks inside the wedge, apart, between the Special and the number", () => {
    const step = 360 / 11;
    for (const kinds of [["pep"], ["pep", "pep"], ["fish", "fish", "fish"], ["pep", "pep", "pep", "fish"]] as MarkKind[][]) {
      const parts = wedgeParts("11", kinds, -step / 2, step / 2);
      const places = parts.marks;
      expect(places).toHaveLength(kinds.length);
      for (let i = 0; i < places.length; i++) {
        const p = places[i];
        const r = Math.hypot(p.x, p.y);
        const angle = (Math.atan2(p.y, p.x) * 180) / Math.PI;
        // the mark's whole disc stays within the wedge's sides
        const sideways = (MARK_RADIUS * 180) / (Math.PI * r);
        expect(Math.abs(angle) + sideways).toBeLessThan(step / 2);
        expect(r - MARK_RADIUS).toBeGreaterThan(RADIUS * CENTRE_AT);
        expect(r + MARK_RADIUS).toBeLessThan(Math.hypot(parts.number.x, parts.number.y) - NUMBER_SIZE / 2);
        for (let j = i + 1; j < places.length; j++) expect(Math.hypot(p.x - places[j].x, p.y - places[j].y)).toBeGreaterThanOrEqual(2 * MARK_RADIUS);
      }
    }
  });
});

const combo: Slice = { id: 64, kind: "combo", types: [9, 11], pepperoni: 0, anchovies: 0, name: "Pepperoni / Cheese" };
const plain: Slice = { id: 3, kind: "plain", types: [4], pepperoni: 2, anchovies: 1, name: "Margherita" };

describe("one name per slice on every screen", () => {
  let root: HTMLElement;
  beforeEach(() => {
    setLanguage("en", false);
    root = document.createElement("div");
    document.body.append(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });

  it("calls the 9/11 combo by the hub's name: on the TV's ring, on a slice card and in the Slicer's list", () => {
    // The hub's list (games/new_york_slice/components.py) names it "Pepperoni / Cheese"
    expect(sliceName(combo)).toBe(combo.name);
    expect(sliceLabel(combo)).toBe("Pepperoni / Cheese");
    render(<SliceCard slice={combo} />, root);
    expect(root.querySelector(".slice-name")?.textContent).toBe("Pepperoni / Cheese");
    render(<Ring ring={[combo, plain]} special={null} />, root);
    const names = [...root.querySelectorAll(".nys-ring-name")].map((t) => [...t.querySelectorAll("tspan")].map((s) => s.textContent).join(" ").replace(/\u00a0/g, " "));
    expect(names).toEqual(["Pepperoni / Cheese", "Margherita"]);
    expect(root.textContent).not.toMatch(/Combo/);
  });

  it("draws each slice as a wedge with its number and one mark per topping", () => {
    render(<Ring ring={[plain, combo]} special="buffet" />, root);
    const slices = root.querySelectorAll(".nys-ring-slice");
    expect(slices).toHaveLength(2);
    expect(slices[0].getAttribute("aria-label")).toBe("Margherita, 2 pepperoni, 1 anchovy");
    expect([...slices[0].querySelectorAll(".nys-ring-num")].map((t) => t.textContent)).toEqual(["4"]);
    expect(slices[0].querySelectorAll(".nys-ring-pep")).toHaveLength(2);
    expect(slices[0].querySelectorAll(".nys-ring-fish")).toHaveLength(1);
    // a combo shows both halves' numbers
    expect([...slices[1].querySelectorAll(".nys-ring-num")].map((t) => t.textContent)).toEqual(["9", "11"]);
    // the Special: its name in the middle, what it does in a line under the pizza
    expect(root.querySelector(".nys-ring-special-name")?.textContent).toBe("Buffet");
    expect(root.querySelector(".nys-special-line")?.textContent).toMatch(/^★ Buffet: /);
  });

  it("sizes every Special's name, English and Spanish, to fit the disc across and down", () => {
    const measure = (t: string) => t.length * 7.2;
    for (const lang of ["en", "es"] as const) {
      setLanguage(lang, false);
      for (const [name] of Object.values(S.nys_specials)) {
        const size = specialNameSize(name, RADIUS * CENTRE_AT, measure);
        const lines = wrapName(`\u2605 ${name}`, (0.9 * 64 * 12) / size, measure);
        expect(lines.length * size * 1.1, name).toBeLessThanOrEqual(48);
        expect(Math.max(...lines.map(measure)) * (size / 12), name).toBeLessThanOrEqual(64);
      }
    }
    setLanguage("en", false);
  });

  it("uses the Spanish names in Spanish, the same on every screen", () => {
    setLanguage("es", false);
    expect(sliceName(combo)).toBe("Pepperoni / Queso");
    render(<SliceCard slice={combo} />, root);
    expect(root.querySelector(".slice-name")?.textContent).toBe("Pepperoni / Queso");
    setLanguage("en", false);
  });
});

// Property check: many random rings, every slice kind, laid out and boxed as the
// browser boxes them (tests/browser/test_ring.py): each number and mark inside its
// wedge and on the pizza, no mark on a number or another mark, names apart and off the pizza.
describe("random rings", () => {
  /** A small seeded generator, so a failure names a ring that can be laid out again. */
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  }
  const corners = (b: Box) => [-1, 1].flatMap((sx) => [-1, 1].map((sy) => [b.x + sx * b.hx, b.y + sy * b.hy]));
  /** Every corner between the wedge's sides (by angle, as the browser test reads it) and on the pizza. */
  function inWedge(b: Box, start: number, end: number): boolean {
    return corners(b).every(([x, y]) => {
      const off = ((((Math.atan2(y, x) * 180) / Math.PI - start) % 360) + 360) % 360;
      return off <= end - start && Math.hypot(x, y) <= RADIUS + CRUST - 1;
    });
  }
  const gapped = (a: Box, b: Box) => Math.abs(a.x - b.x) >= a.hx + b.hx + 1 || Math.abs(a.y - b.y) >= a.hy + b.hy + 1;

  // the game's deck (games/new_york_slice/components.py): (pepperoni, anchovies) of each plain slice by type, the combos, Anchovy, Supreme
  const TOPPINGS: Record<number, [number, number][]> = {
    3: [[0, 0]],
    4: [[1, 0], [2, 1]],
    5: [[1, 0], [2, 1]],
    6: [[1, 0], [2, 0], [2, 1]],
    7: [[2, 0], [1, 0], [3, 1]],
    8: [[2, 0], [1, 0], [3, 1]],
    9: [[2, 0], [1, 0], [3, 1]],
    10: [[2, 0], [3, 0], [3, 1]],
    11: [[3, 0], [2, 0], [3, 1]],
  };
  const COMBOS = [[8, 10], [4, 5], [6, 7], [9, 11]];

  it("lays out 2000 random rings of eleven (and fewer) slices with every number and mark in its wedge, apart", () => {
    const rand = rng(27);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const started = Date.now();
    const sizes: number[] = [];
    for (let ring = 0; ring < 2000; ring++) {
      const n = ring % 5 === 4 ? pick([10, 9, 8, 6, 3]) : 11;
      const names = Array.from({ length: n }, () => pick([...LONG_EN, ...LONG_ES]));
      const layout = ringLayout(names);
      const boxes = layout.wedges.map((w) => box(w.label));
      for (let i = 0; i < n; i++) {
        const w = layout.wedges[i];
        const what = `ring ${ring} slice ${i}/${n}`;
        expect(nearest(boxes[i]), what).toBeGreaterThanOrEqual(RADIUS + CRUST);
        for (let j = i + 1; j < n; j++) expect(overlap(boxes[i], boxes[j]), what).toBe(false);
        const kind = pick(["plain", "plain", "plain", "combo", "anchovy", "supreme"] as const);
        if (kind === "combo") {
          const [a, b] = pick(COMBOS).map(String);
          const [pa, pb] = halfNumberPlaces(a, b, w.start, w.end);
          const [ba, bb] = [numberBox(a, HALF_NUMBER_SIZE, pa), numberBox(b, HALF_NUMBER_SIZE, pb)];
          expect(inWedge(ba, w.start, w.end) && inWedge(bb, w.start, w.end), `${what} combo ${a}/${b}`).toBe(true);
          expect(gapped(ba, bb), what).toBe(true);
          continue;
        }
        const type = 3 + Math.floor(rand() * 9);
        const [pep, fish] = kind === "plain" ? pick(TOPPINGS[type]) : kind === "anchovy" ? [0, 3] : [2, 0];
        const text = kind === "plain" ? String(type) : kind === "anchovy" ? "A" : "S";
        const kinds: MarkKind[] = [...Array<MarkKind>(pep).fill("pep"), ...Array<MarkKind>(fish).fill("fish")];
        const parts = wedgeParts(text, kinds, w.start, w.end);
        sizes.push(parts.size);
        expect(parts.size, what).toBeGreaterThanOrEqual(NUMBER_SIZE - 2);
        const nb = numberBox(text, parts.size, parts.number);
        expect(inWedge(nb, w.start, w.end), `${what} number ${text}`).toBe(true);
        const marks = parts.marks.map((p, k) => ({ x: p.x, y: p.y, hx: MARK_BOX[kinds[k]][0], hy: MARK_BOX[kinds[k]][1] }));
        expect(marks).toHaveLength(kinds.length);
        for (let k = 0; k < marks.length; k++) {
          const m = marks[k];
          expect(inWedge(m, w.start, w.end), `${what} mark ${k} of ${kinds} (number ${text})`).toBe(true);
          expect(gapped(m, nb), `${what} mark ${k} of ${kinds} on the number ${text}`).toBe(true);
          expect(Math.hypot(m.x, m.y) - MARK_RADIUS, what).toBeGreaterThan(RADIUS * CENTRE_AT);
          for (let l = k + 1; l < marks.length; l++) expect(Math.hypot(m.x - marks[l].x, m.y - marks[l].y) + 1e-6, what).toBeGreaterThanOrEqual(2 * MARK_RADIUS + 1);
        }
      }
    }
    // (the number keeps its full size but where four marks crowd a slanted wedge)
    expect(sizes.filter((s) => s === NUMBER_SIZE).length / sizes.length).toBeGreaterThan(0.95);
    console.log(`2000 rings in ${Date.now() - started} ms`, sizes.filter((s) => s < NUMBER_SIZE).length, sizes.length);
  }, 120_000);
});
