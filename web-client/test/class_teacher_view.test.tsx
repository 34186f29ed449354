// The teacher's table card: why a table needs help, in words (and nothing for
// a reason the hub no longer sends), and the suggested dots with one tap to
// apply them, then "applied" once the next game's dots are the suggestion.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TableCard } from "../src/classroom/TeacherTables";
import { helpLines } from "../src/classroom/help";
import type { DashboardTable, LevelSuggestion } from "../src/classroom/api";
import { setLanguage } from "../src/strings";

const TABLE: DashboardTable = {
  number: 2,
  code: "ABCD",
  phase: "playing",
  options: { level: "easy" },
  players: [
    { name: "Ada", bot: false, connected: true, seat: 0 },
    { name: "Ben", bot: false, connected: false, seat: 1 },
  ],
  active: "Ada",
  cards_left: { Ada: 4, Ben: 3 },
  delivered: { Ada: "1/2", Ben: "0" },
  tricks: 1,
  help: [{ reason: "disconnected", student: 1, name: "Ben" }],
};

function suggestion(next: number[]): LevelSuggestion {
  return { table: 2, dots: [1, 2, 3], next, suggested: [1, 2], change: "down", reasons: [], text: { en: "Table 2: fewer dots", es: "Mesa 2: menos puntos" } };
}

function show(table: DashboardTable, s: LevelSuggestion | undefined, onApplyDots = () => {}): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  act(() => {
    render(<TableCard table={table} suggestion={s} readOnly={false} onRestart={() => {}} onLevel={() => {}} onApplyDots={onApplyDots} />, root);
  });
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
  setLanguage("en", false);
});

describe("needs help", () => {
  it("says who and why in words, in the language in use, and drops what a teacher cannot act on", () => {
    expect(helpLines([{ reason: "idle", name: "Ada", seconds: 75 }, { reason: "refused", name: "Ben", count: 4 }, "hint"])).toEqual([
      "Ada has not moved for 75 s on their turn",
      "Ben: 4 refused attempts in a row",
    ]);
    setLanguage("es", false);
    expect(helpLines([{ reason: "disconnected", name: "Ben" }])).toEqual(["Ben se ha desconectado"]);
  });

  it("shows on the table while the hub sends it, and not once it stops", () => {
    const root = show(TABLE, undefined);
    expect(root.querySelector(".class-help")?.textContent).toContain("Ben is disconnected");
    act(() => {
      render(<TableCard table={{ ...TABLE, help: [] }} suggestion={undefined} readOnly={false} onRestart={() => {}} onLevel={() => {}} onApplyDots={() => {}} />, root);
    });
    expect(root.querySelector(".class-help")).toBeNull();
  });

  it("labels the columns and the states in words", () => {
    const root = show(TABLE, undefined);
    expect([...root.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Player", "Cards in hand", "Pizza delivered"]);
    expect(root.querySelector("tr[data-player=Ada]")?.textContent).toContain("turn");
    expect(root.querySelector("tr[data-player=Ben]")?.textContent).toContain("away");
  });
});

describe("suggested dots", () => {
  it("offers Apply until the next game's dots are the suggestion, then says it is applied", () => {
    const apply = vi.fn();
    const root = show(TABLE, suggestion([1, 2, 3]), apply);
    expect(root.querySelector("[data-suggest='2']")?.textContent).toContain("Table 2: fewer dots");
    const button = [...root.querySelectorAll("button")].find((b) => b.textContent === "Apply");
    expect(button).toBeDefined();
    act(() => button!.click());
    expect(apply).toHaveBeenCalledOnce();
    const after = show(TABLE, suggestion([1, 2]));
    expect([...after.querySelectorAll("button")].some((b) => b.textContent === "Apply")).toBe(false);
    expect(after.querySelector(".class-applied")?.textContent).toBe("Applied from the next game");
  });
});
