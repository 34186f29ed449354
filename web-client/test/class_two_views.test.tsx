// The class's two views (docs/classroom.md, "The two views"), as the classroom audit found them:
// - the projector says in words that a bot plays for an absent student (a stand-in is never
//   "away": a stand-in is always disconnected, so stand_in is read first);
// - a new device asking for a student's seat shows at the top of the teacher's page, in
//   "Needs help now", with the same hand-over button (and question) as the student list;
// - an ended class: the projector says so, without the join instructions or the QR code, and
//   the teacher's page no longer lists who waits for the next game;
// - the tables are listed by their number (1, 2, 3), whatever order the hub sends them in.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClassScreen } from "../src/classroom/ClassScreen";
import { TeacherScreen } from "../src/classroom/TeacherScreen";
import type { ClassScreenData, Dashboard, DashboardTable, ScreenTable } from "../src/classroom/api";
import { setLanguage } from "../src/strings";

type Answer = { status: number; body: unknown };

/** A fetch that answers each request with the first rule whose method and path match. */
function hub(rules: [method: string, path: RegExp, answer: Answer | (() => Answer)][]): ReturnType<typeof vi.fn> {
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const rule = rules.find(([m, p]) => m === method && p.test(url));
    if (!rule) throw new TypeError("Failed to fetch");
    const { status, body } = typeof rule[2] === "function" ? rule[2]() : rule[2];
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fake);
  return fake;
}

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement("div");
  document.body.appendChild(root);
  localStorage.clear();
});

afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
  setLanguage("en", false);
});

/** Wait (in small steps) until `find` returns something. */
async function until<T>(find: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 100; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    const found = find();
    if (found) return found;
  }
  throw new Error("never appeared");
}

// --- the projector ------------------------------------------------------------------------------

function screenTable(number: number, players: ScreenTable["players"]): ScreenTable {
  return { number, phase: "playing", players, active: players[0]?.name ?? null, turn: 4, deck: 20, level: "easy" };
}

const WALL: ClassScreenData = {
  code: "BCDFGH",
  join: "http://example.test/class/BCDFGH",
  closed: false,
  paused: false,
  waiting: [],
  tables: [
    screenTable(1, [
      { name: "Ada", bot: false, connected: true, stand_in: false },
      // a bot plays for Ben: his phone is gone past the grace (a stand-in is always disconnected)
      { name: "Ben", bot: false, connected: false, stand_in: true },
      // Cleo's phone is gone, not yet past the grace: away
      { name: "Cleo", bot: false, connected: false, stand_in: false },
      { name: "Robo", bot: true, connected: true, stand_in: false },
    ]),
  ],
};

async function projector(data: ClassScreenData): Promise<void> {
  hub([["GET", /\/api\/classes\/BCDFGH\/screen$/, { status: 200, body: data }]]);
  await act(() => {
    render(<ClassScreen code="BCDFGH" />, root);
  });
}

const rowOf = (name: string) =>
  [...root.querySelectorAll(".proj-player")].find((li) => li.querySelector(".proj-name")?.textContent === name);
const tagOf = (name: string) => rowOf(name)?.querySelector(".proj-tag")?.textContent ?? null;

describe("the projector, a student a bot plays for", () => {
  it("says a bot plays for them, not that they are away", async () => {
    await projector(WALL);
    await until(() => rowOf("Ben"));
    expect(tagOf("Ben")).toBe("a bot plays for now");
    expect(tagOf("Cleo")).toBe("away");
    expect(tagOf("Robo")).toBe("bot");
    expect(tagOf("Ada")).toBeNull();
  });

  it("says it in Spanish on a Spanish projector", async () => {
    setLanguage("es", false);
    await projector(WALL);
    await until(() => rowOf("Ben"));
    expect(tagOf("Ben")).toBe("un bot juega por ahora");
    expect(tagOf("Cleo")).toBe("fuera");
  });
});

describe("the projector of an ended class", () => {
  it("says the class has ended, with no way to join shown: no address, no code, no QR code", async () => {
    await projector({ code: "BCDFGH", join: "http://example.test/class/BCDFGH", closed: true, paused: false, waiting: [], tables: [] });
    await until(() => root.querySelector("[role=status]"));
    const text = root.textContent ?? "";
    expect(text).toContain("This class has ended");
    expect(root.querySelector(".proj-qr, .proj-join, svg")).toBeNull();
    expect(text).not.toContain("Go to");
    expect(text).not.toContain("type the code");
    expect(text).not.toContain("BCDFGH");
  });

  it("also without the join address, which the hub leaves out of an ended class's answer", async () => {
    const ended = { code: "BCDFGH", closed: true, paused: false, waiting: [], tables: [] } as unknown as ClassScreenData;
    setLanguage("es", false);
    await projector(ended);
    await until(() => root.querySelector("[role=status]"));
    expect(root.textContent).toContain("La clase ha terminado");
    expect(root.querySelector(".proj-qr, .proj-join, svg")).toBeNull();
  });

  it("shows the join instructions and the QR code while the class runs", async () => {
    await projector(WALL);
    await until(() => rowOf("Ben"));
    expect(root.querySelector(".proj-qr svg")).not.toBeNull();
    expect(root.querySelector(".proj-code")?.textContent).toBe("BCDFGH");
  });
});

describe("the projector's tables", () => {
  it("are listed by their number, whatever order the hub sends", async () => {
    const one = (n: number) => screenTable(n, [{ name: `P${n}`, bot: false, connected: true, stand_in: false }]);
    await projector({ ...WALL, tables: [one(3), one(1), one(2)] });
    await until(() => root.querySelectorAll(".proj-table").length === 3);
    expect([...root.querySelectorAll<HTMLElement>(".proj-table")].map((t) => t.dataset.table)).toEqual(["1", "2", "3"]);
    expect([...root.querySelectorAll(".proj-table h2")].map((h) => h.textContent)).toEqual(["Table 1", "Table 2", "Table 3"]);
  });
});

// --- the teacher's page --------------------------------------------------------------------------

function dashTable(number: number, names: string[], help: DashboardTable["help"] = []): DashboardTable {
  return {
    number,
    code: `T${number}XY`,
    phase: "playing",
    options: { level: "easy" },
    players: names.map((name, seat) => ({ name, bot: false, connected: true, seat })),
    active: names[0],
    cards_left: Object.fromEntries(names.map((n) => [n, 4])),
    delivered: Object.fromEntries(names.map((n) => [n, "0"])),
    tricks: 0,
    help,
  };
}

function dashboard(change: Partial<Dashboard> = {}): Dashboard {
  return {
    code: "BCDFGH",
    join: "http://example.test/class/BCDFGH",
    closed: null,
    paused: false,
    options: { game: "splittissimo", level: "easy", dots: [1], table_size: 2, reaction_ms: 0, bots: false, hints: "off", retention_days: 30 },
    students: [
      { id: 1, name: "Ada", table: 1, moving_to: null, asks_new_device: false, device_check: null },
      { id: 2, name: "Ben", table: 1, moving_to: null, asks_new_device: false, device_check: null },
      { id: 3, name: "Cleo", table: 2, moving_to: null, asks_new_device: false, device_check: null },
      { id: 4, name: "Dev", table: 2, moving_to: null, asks_new_device: false, device_check: null },
      { id: 5, name: "Eli", table: null, moving_to: null, asks_new_device: false, device_check: null },
    ],
    waiting: ["Eli"],
    tables: [dashTable(1, ["Ada", "Ben"]), dashTable(2, ["Cleo", "Dev"])],
    ...change,
  };
}

async function teacherPage(board: Dashboard | (() => Dashboard), more: [string, RegExp, Answer][] = []): Promise<ReturnType<typeof vi.fn>> {
  localStorage.setItem("pizzanight:teacher", JSON.stringify({ code: "BCDFGH", token: "teach" }));
  const fake = hub([
    ["GET", /\/api\/classes\/BCDFGH\/dashboard$/, () => ({ status: 200, body: typeof board === "function" ? board() : board })],
    ["GET", /\/report\?only=students$/, { status: 200, body: { students: [] } }],
    ...more,
  ]);
  await act(() => {
    render(<TeacherScreen />, root);
  });
  await until(() => root.querySelector(".class-table"));
  return fake;
}

const helpNow = () => root.querySelector<HTMLElement>("[data-testid=help-now]");
const buttonIn = (el: ParentNode | null | undefined, label: string) =>
  [...(el?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label);

describe("the teacher's page, a student's new device asking for their seat", () => {
  const asking = () =>
    dashboard({
      students: dashboard().students.map((s) => (s.name === "Ben" ? { ...s, asks_new_device: true, device_check: "78" } : s)),
      tables: [dashTable(1, ["Ada", "Ben"], [{ reason: "disconnected", student: 2, name: "Ben" }]), dashTable(2, ["Cleo", "Dev"])],
    });

  it("shows on top, in Needs help now, with the number the new device shows and the hand-over button", async () => {
    await teacherPage(asking());
    const top = await until(() => helpNow()?.textContent?.includes("asks to move") && helpNow());
    expect(top.textContent).toContain("Ben asks to move to a new device: it shows 78");
    expect(buttonIn(top, "Hand the seat to the new device")).toBeDefined();
    // Needs help now comes before the tables and the student list, where the list's own button stays
    const tables = root.querySelector(".class-tables")!;
    expect(top.compareDocumentPosition(tables) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const roster = [...root.querySelectorAll(".class-roster li")].find((li) => li.textContent?.startsWith("Ben"));
    expect(buttonIn(roster, "Hand the seat to the new device")).toBeDefined();
    expect(roster?.textContent).toContain("the new device shows 78");
  });

  it("asks the same question as the student list, then hands the seat to the device that shows that number", async () => {
    const fake = await teacherPage(asking(), [["POST", /\/students\/2\/handover$/, { status: 200, body: { ok: true } }]]);
    const top = await until(() => helpNow()?.textContent?.includes("asks to move") && helpNow());
    await act(() => buttonIn(top, "Hand the seat to the new device")!.click());
    const ask = root.querySelector<HTMLElement>("[role=alertdialog]")!;
    expect(ask.textContent).toContain("A new device asks for Ben's seat. Does Ben's new device show 78?");
    // Cancel hands nothing over
    await act(() => buttonIn(ask, "Cancel")!.click());
    expect(root.querySelector("[role=alertdialog]")).toBeNull();
    expect(fake.mock.calls.some(([url]) => String(url).includes("/handover"))).toBe(false);
    // the same question from the list's button
    const roster = [...root.querySelectorAll(".class-roster li")].find((li) => li.textContent?.startsWith("Ben"));
    await act(() => buttonIn(roster, "Hand the seat to the new device")!.click());
    const fromList = root.querySelector<HTMLElement>("[role=alertdialog]")!.textContent;
    await act(() => buttonIn(root.querySelector("[role=alertdialog]"), "Cancel")!.click());
    await act(() => buttonIn(top, "Hand the seat to the new device")!.click());
    expect(root.querySelector<HTMLElement>("[role=alertdialog]")!.textContent).toBe(fromList);
    await act(() => buttonIn(root.querySelector("[role=alertdialog]"), "Hand the seat to the new device")!.click());
    const call = await until(() => fake.mock.calls.find(([url]) => String(url).includes("/handover")));
    expect(String(call[0])).toBe("/api/classes/BCDFGH/students/2/handover");
    expect(call[1]?.method).toBe("POST");
    expect(JSON.parse(String(call[1]?.body))).toEqual({ approve: true, check: "78" });
  });

  it("shows even before any table is open, and in Spanish", async () => {
    setLanguage("es", false);
    const board = asking();
    await teacherPage({ ...board, tables: [dashTable(1, ["Ada", "Ben"])] });
    const top = await until(() => helpNow()?.textContent?.includes("Ben") && helpNow());
    expect(top.textContent).toContain("Ben pide pasar a un dispositivo nuevo: muestra el 78");
    expect(buttonIn(top, "Pasar el sitio al otro dispositivo")).toBeDefined();
  });

  it("is gone once no device asks", async () => {
    let board = asking();
    await teacherPage(() => board);
    await until(() => helpNow()?.textContent?.includes("asks to move"));
    board = dashboard();
    await until(() => !helpNow()?.textContent?.includes("asks to move"));
    expect(helpNow()?.textContent).toContain("No table needs help now.");
    expect(buttonIn(helpNow(), "Hand the seat to the new device")).toBeUndefined();
  });
});

describe("the teacher's page of an ended class", () => {
  it("no longer lists who waits for the next game", async () => {
    // (an older hub still sends the names)
    await teacherPage(dashboard({ closed: "teacher", waiting: ["Ada", "Ben", "Cleo"] }));
    await until(() => root.querySelector("[role=status]")?.textContent?.includes("This class has ended"));
    expect(root.querySelector(".class-waiting")).toBeNull();
    expect(root.textContent).not.toContain("Waiting for the next game");
  });

  it("shows no way in: no join address, projector button or QR code, only the class's code", async () => {
    await teacherPage(dashboard({ closed: "teacher", waiting: [] }));
    await until(() => root.querySelector("[role=status]")?.textContent?.includes("This class has ended"));
    const header = root.querySelector(".teacher-header")!;
    expect(header.textContent).toContain("BCDFGH");
    expect(header.textContent).not.toContain("example.test");
    expect(header.querySelector("[data-testid=open-projector]")).toBeNull();
    expect(header.querySelector("svg, canvas, img")).toBeNull();
  });

  it("lists them while the class runs", async () => {
    await teacherPage(dashboard());
    const line = await until(() => root.querySelector(".class-waiting"));
    expect(line.textContent).toBe("Waiting for the next game: Eli");
  });
});

describe("the teacher's tables", () => {
  it("are listed by their number, whatever order the hub sends, and so are the tables to move a student to", async () => {
    await teacherPage(dashboard({ tables: [dashTable(3, ["Eli"]), dashTable(1, ["Ada", "Ben"]), dashTable(2, ["Cleo", "Dev"])] }));
    await until(() => root.querySelectorAll(".class-table").length === 3);
    expect([...root.querySelectorAll<HTMLElement>(".class-table")].map((t) => t.dataset.table)).toEqual(["1", "2", "3"]);
    const move = root.querySelector<HTMLSelectElement>(".class-roster select")!;
    expect([...move.options].map((o) => o.value)).toEqual(["0", "1", "2", "3"]);
  });

  it("list Needs help now by table number too", async () => {
    const help = (name: string) => [{ reason: "disconnected", student: 9, name }];
    await teacherPage(dashboard({ tables: [dashTable(2, ["Cleo", "Dev"], help("Dev")), dashTable(1, ["Ada", "Ben"], help("Ben"))] }));
    const top = await until(() => helpNow()?.querySelectorAll("li").length === 2 && helpNow());
    expect([...top.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Table 1: Ben is disconnected", "Table 2: Dev is disconnected"]);
  });
});
