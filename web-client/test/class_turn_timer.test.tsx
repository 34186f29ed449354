// A student who never plays holds their table: the teacher's page has the class's turn timer (off, or a
// bot plays a student's turn after 10-600 s without a move: on the create form and for the whole class
// on the class's page) and, on a student's "idle" line in "Needs help now", "Play this turn for them".
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TeacherScreen, timerSeconds } from "../src/classroom/TeacherScreen";
import type { Dashboard, DashboardTable } from "../src/classroom/api";
import { setLanguage } from "../src/strings";

type Answer = { status: number; body: unknown };

/** A fetch that answers each request with the first rule whose method and path match. */
function hub(rules: [method: string, path: RegExp, answer: Answer | (() => Answer)][]): ReturnType<typeof vi.fn> {
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const rule = rules.find(([m, p]) => m === method && p.test(String(input)));
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

const calls = (fake: ReturnType<typeof vi.fn>, path: RegExp) =>
  fake.mock.calls.filter(([url, init]) => path.test(String(url)) && init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body ?? "null")));
const buttonIn = (el: ParentNode | null | undefined, label: string) =>
  [...(el?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label);
const input = (el: ParentNode, name: string) => el.querySelector<HTMLInputElement>(`input[name=${name}]`)!;

async function type(field: HTMLInputElement, text: string): Promise<void> {
  await act(() => {
    field.value = text;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function tick(box: HTMLInputElement): Promise<void> {
  await act(() => box.click());
}

describe("the turn timer's seconds", () => {
  it("are a whole number from 10 to 600, else nothing the hub takes", () => {
    expect(timerSeconds("10")).toBe(10);
    expect(timerSeconds(" 600 ")).toBe(600);
    for (const bad of ["", "9", "601", "12.5", "abc", "0"]) expect(timerSeconds(bad), bad).toBeNull();
  });
});

describe("the create form's turn timer", () => {
  async function form(): Promise<{ fake: ReturnType<typeof vi.fn>; form: HTMLFormElement }> {
    const fake = hub([
      ["POST", /\/api\/classes$/, { status: 200, body: { code: "BCDFGH", token: "teach", join: "http://x/class/BCDFGH" } }],
      ["GET", /\/dashboard$/, { status: 200, body: dashboard() }],
      ["GET", /\/report\?only=students$/, { status: 200, body: { students: [] } }],
    ]);
    await act(() => {
      render(<TeacherScreen />, root);
    });
    return { fake, form: root.querySelector<HTMLFormElement>("form.teacher-form")! };
  }
  const submit = (f: HTMLFormElement) => act(() => {
    f.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });

  it("is off by default, explained in one line, and off sends no timer", async () => {
    const { fake, form: f } = await form();
    const field = root.querySelector<HTMLElement>("[data-testid=turn-timer-new]")!;
    expect(field.querySelector("legend")?.textContent).toBe("Turn timer");
    expect(field.textContent).toContain("A bot plays a student's turn after this long without a move");
    expect(input(field, "turn_timer_on").checked).toBe(false);
    expect(input(field, "turn_timer_s").disabled).toBe(true);
    await submit(f);
    const [sent] = await until(() => calls(fake, /\/api\/classes$/).length > 0 && calls(fake, /\/api\/classes$/));
    expect(sent.options).not.toHaveProperty("turn_timer_s");
  });

  it("sends the seconds typed once turned on", async () => {
    const { fake, form: f } = await form();
    await tick(input(f, "turn_timer_on"));
    expect(input(f, "turn_timer_s").disabled).toBe(false);
    await type(input(f, "turn_timer_s"), "15");
    await submit(f);
    const [sent] = await until(() => calls(fake, /\/api\/classes$/).length > 0 && calls(fake, /\/api\/classes$/));
    expect(sent.options.turn_timer_s).toBe(15);
  });

  it("says what it takes, and sends nothing, for seconds out of range", async () => {
    const { fake, form: f } = await form();
    await tick(input(f, "turn_timer_on"));
    await type(input(f, "turn_timer_s"), "5");
    await submit(f);
    expect(root.querySelector("[role=alert]")?.textContent).toBe("The turn timer takes 10 to 600 seconds.");
    expect(calls(fake, /\/api\/classes$/)).toEqual([]);
  });

  it("is in Spanish on a Spanish page", async () => {
    setLanguage("es", false);
    await form();
    const field = root.querySelector<HTMLElement>("[data-testid=turn-timer-new]")!;
    expect(field.querySelector("legend")?.textContent).toBe("Temporizador de turno");
    expect(field.textContent).toContain("Un bot juega el turno de un alumno tras este tiempo sin jugar");
  });
});

// --- the class's page --------------------------------------------------------------------------

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

function dashboard(change: Partial<Dashboard> = {}, timer?: number): Dashboard {
  return {
    code: "BCDFGH",
    join: "http://example.test/class/BCDFGH",
    closed: null,
    paused: false,
    options: {
      game: "splittissimo", level: "easy", dots: [1], table_size: 2, reaction_ms: 0, bots: false, hints: "off", retention_days: 30,
      ...(timer === undefined ? {} : { turn_timer_s: timer }),
    },
    students: [
      { id: 1, name: "Ada", table: 1, moving_to: null },
      { id: 2, name: "Ben", table: 1, moving_to: null },
      { id: 3, name: "Cleo", table: 2, moving_to: null },
      { id: 4, name: "Dev", table: 2, moving_to: null },
    ],
    waiting: [],
    tables: [dashTable(1, ["Ben", "Ada"]), dashTable(2, ["Cleo", "Dev"])],
    ...change,
  };
}

async function teacherPage(board: () => Dashboard, more: [string, RegExp, Answer | (() => Answer)][] = []) {
  localStorage.setItem("pizzanight:teacher", JSON.stringify({ code: "BCDFGH", token: "teach" }));
  const fake = hub([
    ["GET", /\/api\/classes\/BCDFGH\/dashboard$/, () => ({ status: 200, body: board() })],
    ["GET", /\/report\?only=students$/, { status: 200, body: { students: [] } }],
    ...more,
  ]);
  await act(() => {
    render(<TeacherScreen />, root);
  });
  await until(() => root.querySelector(".class-table"));
  return fake;
}

describe("the class's turn timer, for every table at once", () => {
  it("shows the class's timer and sets new seconds for the whole class (not one table)", async () => {
    let timer = 30;
    const fake = await teacherPage(() => dashboard({}, timer), [["POST", /\/options$/, () => ({ status: 200, body: { ok: true } })]]);
    const field = await until(() => root.querySelector<HTMLElement>("[data-testid=turn-timer-class]"));
    expect(input(field, "turn_timer_on").checked).toBe(true);
    expect(input(field, "turn_timer_s").value).toBe("30");
    const set = buttonIn(field, "Set the timer")!;
    expect(set.disabled).toBe(true); // nothing typed yet
    await type(input(field, "turn_timer_s"), "45");
    expect(set.disabled).toBe(false);
    timer = 45;
    await act(() => set.click());
    const sent = await until(() => calls(fake, /\/options$/).length > 0 && calls(fake, /\/options$/));
    expect(sent).toEqual([{ options: { turn_timer_s: 45 }, table: null }]);
    await until(() => input(field, "turn_timer_s").value === "45" && buttonIn(field, "Set the timer")!.disabled);
  });

  it("turns it off at once, and on again with the seconds it had", async () => {
    let timer = 20;
    const fake = await teacherPage(() => dashboard({}, timer), [["POST", /\/options$/, () => ({ status: 200, body: { ok: true } })]]);
    const field = await until(() => root.querySelector<HTMLElement>("[data-testid=turn-timer-class]"));
    timer = 0;
    await tick(input(field, "turn_timer_on"));
    await until(() => calls(fake, /\/options$/).length === 1);
    expect(calls(fake, /\/options$/)[0]).toEqual({ options: { turn_timer_s: 0 }, table: null });
    await until(() => !input(field, "turn_timer_on").checked && input(field, "turn_timer_s").disabled);
    expect(input(field, "turn_timer_s").value).toBe("20");
    timer = 20;
    await tick(input(field, "turn_timer_on"));
    await until(() => calls(fake, /\/options$/).length === 2);
    expect(calls(fake, /\/options$/)[1]).toEqual({ options: { turn_timer_s: 20 }, table: null });
  });

  it("is off when the dashboard names no timer", async () => {
    await teacherPage(() => dashboard(), [["POST", /\/options$/, { status: 200, body: { ok: true } }]]);
    const field = await until(() => root.querySelector<HTMLElement>("[data-testid=turn-timer-class]"));
    expect(input(field, "turn_timer_on").checked).toBe(false);
    expect(input(field, "turn_timer_s").disabled).toBe(true);
    expect(buttonIn(field, "Set the timer")!.disabled).toBe(true);
    expect(root.querySelector("[data-testid=turn-timer-class]")?.textContent).toContain("without a move");
  });

  it("says what the timer takes, for seconds out of range and when the hub refuses them", async () => {
    const fake = await teacherPage(() => dashboard({}, 30), [
      ["POST", /\/options$/, { status: 400, body: { error: "class/bad_options", message: "turn timer: 0 (off) or 10 to 600 seconds" } }],
    ]);
    const field = await until(() => root.querySelector<HTMLElement>("[data-testid=turn-timer-class]"));
    await type(input(field, "turn_timer_s"), "700");
    await act(() => buttonIn(field, "Set the timer")!.click());
    expect(root.querySelector("[role=alert]")?.textContent).toBe("The turn timer takes 10 to 600 seconds.");
    expect(calls(fake, /\/options$/)).toEqual([]);
    await type(input(field, "turn_timer_s"), "60");
    await act(() => buttonIn(field, "Set the timer")!.click());
    await until(() => calls(fake, /\/options$/).length === 1);
    await until(() => root.querySelector("[role=alert]")?.textContent === "The turn timer takes 10 to 600 seconds.");
    // and the field shows the class's timer again
    await until(() => input(field, "turn_timer_s").value === "30" && input(field, "turn_timer_on").checked);
  });
});

describe("Needs help now: play an idle student's turn", () => {
  const idle = () =>
    dashboard({
      tables: [
        dashTable(1, ["Ben", "Ada"], [{ reason: "idle", student: 2, name: "Ben", seconds: 75 }]),
        dashTable(2, ["Cleo", "Dev"], [{ reason: "disconnected", student: 4, name: "Dev" }]),
      ],
    });
  const helpNow = () => root.querySelector<HTMLElement>("[data-testid=help-now]");

  it("offers a big button on the idle line only, and a tap asks a bot to play that turn", async () => {
    const fake = await teacherPage(idle, [["POST", /\/students\/2\/play_turn$/, { status: 200, body: { ok: true } }]]);
    const top = await until(() => helpNow()?.querySelector("li[data-reason=idle]") && helpNow());
    const line = top.querySelector<HTMLElement>("li[data-reason=idle]")!;
    expect(line.textContent).toContain("Table 1: Ben has not moved for 75 s on their turn");
    const button = buttonIn(line, "Play this turn for them")!;
    expect(button.className).toContain("btn-start");
    expect(button.className).not.toContain("btn-small");
    // the button says whose turn (its line describes it)
    expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toContain("Ben has not moved");
    expect(buttonIn(top.querySelector("li[data-reason=disconnected]"), "Play this turn for them")).toBeUndefined();
    await act(() => button.click());
    await until(() => calls(fake, /\/play_turn$/).length === 1);
    expect(String(fake.mock.calls.find(([url]) => String(url).endsWith("/play_turn"))![0])).toBe("/api/classes/BCDFGH/students/2/play_turn");
    // no dialog, no error: the next dashboard shows the table moved on
    expect(root.querySelector("[role=alertdialog], [role=alert]")).toBeNull();
  });

  it("says politely when there was no turn to play any more (the turn moved on)", async () => {
    await teacherPage(idle, [
      ["POST", /\/play_turn$/, { status: 409, body: { error: "class/not_their_turn", message: "it is not this student's turn now" } }],
    ]);
    const top = await until(() => helpNow()?.querySelector("li[data-reason=idle]") && helpNow());
    await act(() => buttonIn(top, "Play this turn for them")!.click());
    const said = await until(() => helpNow()?.querySelector("[role=status]"));
    expect(said.textContent).toBe("There is no turn to play for Ben now: it has probably moved on.");
    expect(root.querySelector("[role=alert], [role=alertdialog]")).toBeNull();
  });

  it("is in Spanish on a Spanish page", async () => {
    setLanguage("es", false);
    await teacherPage(idle, [["POST", /\/play_turn$/, { status: 409, body: { error: "class/not_their_turn", message: "x" } }]]);
    const top = await until(() => helpNow()?.querySelector("li[data-reason=idle]") && helpNow());
    await act(() => buttonIn(top, "Jugar este turno en su lugar")!.click());
    const said = await until(() => helpNow()?.querySelector("[role=status]"));
    expect(said.textContent).toBe("Ahora no hay ningún turno que jugar por Ben: seguramente ya ha pasado.");
  });
});

describe("Apply to all, in an Easy class with the 1-dot cards", () => {
  it("sends the class's own level and dots unless the teacher changed them here (it used to send Standard)", async () => {
    const fake = await teacherPage(() => dashboard(), [["POST", /\/options$/, () => ({ status: 200, body: { ok: true } })]]);
    const controls = root.querySelector<HTMLElement>(".teacher-controls")!;
    expect(controls.querySelector<HTMLSelectElement>("select")!.value).toBe("easy");
    await act(() => buttonIn(controls, "Apply to all, from the next game")!.click());
    const sent = await until(() => calls(fake, /\/options$/).length > 0 && calls(fake, /\/options$/));
    expect(sent).toEqual([{ options: { level: "easy", dots: [1] }, table: null }]);
  });
});
