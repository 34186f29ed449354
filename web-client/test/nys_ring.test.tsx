// New York Slice's ring as one SVG pizza (issue 27): every name outside the
// pizza, none over another, all inside the picture; numbers and topping marks
// inside their wedge; and one name per slice on every screen (the hub's own
// "Pepperoni / Cheese", never "Combo" on one screen and the halves on another).
import { render } from "preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Slice } from "../src/games/new_york_slice/model";
import { Ring } from "../src/games/new_york_slice/Ring";
import { CENTRE_AT, CRUST, MARK_RADIUS, markPlaces, NUMBER_AT, RADIUS, ringLayout, wrapName, estimateWidth, type NameLabel } from "../src/games/new_york_slice/ringLayout";
import { SliceCard, sliceLabel, sliceName } from "../src/games/new_york_slice/Slice";
import { setLanguage } from "../src/strings";

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
    for (const count of [1, 2, 3, 4]) {
      const places = markPlaces(count, 0);
      for (let i = 0; i < places.length; i++) {
        const p = places[i];
        const r = Math.hypot(p.x, p.y);
        const angle = (Math.atan2(p.y, p.x) * 180) / Math.PI;
        // the mark's whole disc stays within the wedge's sides
        const sideways = (MARK_RADIUS * 180) / (Math.PI * r);
        expect(Math.abs(angle) + sideways).toBeLessThan(step / 2);
        expect(r - MARK_RADIUS).toBeGreaterThan(RADIUS * CENTRE_AT);
        expect(r + MARK_RADIUS).toBeLessThan(RADIUS * NUMBER_AT - 10);
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

  it("uses the Spanish names in Spanish, the same on every screen", () => {
    setLanguage("es", false);
    expect(sliceName(combo)).toBe("Pepperoni / Queso");
    render(<SliceCard slice={combo} />, root);
    expect(root.querySelector(".slice-name")?.textContent).toBe("Pepperoni / Queso");
    setLanguage("en", false);
  });
});
