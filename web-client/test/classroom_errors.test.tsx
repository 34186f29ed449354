// The classroom's refusals reach the teacher and the students as catalogue
// sentences chosen by the answer's `error` code (and its `params`), in the
// language in use, never as the hub's English `message`.  Given a hub that
// refuses, when a student joins or the teacher acts, then the page shows the
// catalogue's sentence.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClassPhone } from "../src/classroom/ClassPhone";
import { TeacherScreen } from "../src/classroom/TeacherScreen";
import { ApiError, classErrorText } from "../src/classroom/api";
import { CLASS_CATALOGUES } from "../src/classroom/strings";
import { CATALOGUES, setLanguage } from "../src/strings";

type Answer = { status: number; body: unknown };

/** A fetch that answers each request with the first rule whose path and method match. */
function hub(rules: [method: string, path: RegExp, answer: Answer][]): ReturnType<typeof vi.fn> {
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const rule = rules.find(([m, p]) => m === method && p.test(url));
    if (!rule) throw new TypeError("Failed to fetch");
    const { status, body } = rule[2];
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

function type(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Wait (in small steps) until `find` returns something. */
async function until<T>(find: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 50; i++) {
    let found: T | null | undefined;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    found = find();
    if (found) return found;
  }
  throw new Error("never appeared");
}

const alertText = () => root.querySelector('[role="alert"]')?.textContent ?? null;

/** A new class page: type `name` and send the join form. */
async function submitJoin(name: string): Promise<void> {
  await act(() => {
    render(<ClassPhone code="BCDF" />, root);
  });
  type(root.querySelector<HTMLInputElement>("#class-name")!, name);
  await act(() => {
    root.querySelector<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

async function joinAs(name: string): Promise<string> {
  await submitJoin(name);
  return until(alertText);
}

/** A fetch whose first join's answer is lost on the network; then the class answers with Noah, student 3. */
function lostFirstAnswer(): ReturnType<typeof vi.fn> {
  let joins = 0;
  const seat = { student: 3, token: null, name: "Noah", table: null, room: null, seat_token: null };
  const fake = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    if (String(input).endsWith("/join") && ++joins === 1) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(seat), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fake);
  return fake;
}

describe("a student joining a class", () => {
  it("sees a taken name refused in Spanish, naming the name, not the hub's English", async () => {
    setLanguage("es", false);
    hub([["POST", /\/api\/classes\/BCDF\/join$/, { status: 409, body: { error: "class/name_taken", message: "someone in this class is already called Ana", params: { name: "Ana" } } }]]);
    const shown = await joinAs("ana");
    expect(shown).toBe(
      "Alguien de esta clase ya se llama Ana. Si eres tú en otro dispositivo, escribe el código que te dé tu profe; si no, elige otro nombre.",
    );
    expect(shown).not.toContain("someone");
  });

  it("sees the same refusal in English from the English catalogue", async () => {
    hub([["POST", /\/join$/, { status: 409, body: { error: "class/name_taken", message: "someone in this class is already called Ana", params: { name: "Ana" } } }]]);
    expect(await joinAs("ana")).toBe(
      "Someone in this class is already called Ana. If that is you on a new device, type the code your teacher gives you; if not, pick another name.",
    );
  });

  it("on a new device, is offered the teacher's code after a taken name, and joins with name and code", async () => {
    const fake = hub([
      ["POST", /\/join$/, { status: 409, body: { error: "class/name_taken", message: "taken", params: { name: "Noah" } } }],
    ]);
    await joinAs("Noah");
    const box = await until(() => root.querySelector<HTMLInputElement>("#class-personal"));
    await act(() => type(box, "gtzxsw"));
    await act(() => {
      root.querySelector<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    await until(() => (fake.mock.calls.length >= 2 ? true : null));
    const first = JSON.parse(String(fake.mock.calls[0][1]?.body));
    const body = JSON.parse(String(fake.mock.calls[1][1]?.body));
    expect(body).toEqual({ name: "Noah", code: "GTZXSW", token: first.token });
  });

  it("after a taken name, shows the number the teacher's screen shows beside the name, to check it is really them", async () => {
    hub([
      ["POST", /\/join$/, { status: 409, body: { error: "class/name_taken", message: "taken", params: { name: "Noah" }, request: "s3cr3t", check: "47" } }],
      ["GET", /\/requests\/s3cr3t$/, { status: 202, body: { waiting: true } }],
    ]);
    await joinAs("Noah");
    const shown = await until(() => root.querySelector(".device-check"));
    expect(shown.textContent).toBe("47");
    expect(shown.parentElement!.textContent).toContain("Show your teacher this number:");
  });

  it("whose join's answer never came, sends the same join again, with its own token, and keeps that token", async () => {
    const fake = lostFirstAnswer();
    await joinAs("Noah"); // the page says the class could not be reached
    await act(() => {
      root.querySelector<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    await until(() => (localStorage.getItem("pizzanight:class:BCDF") ? true : null));
    const [first, again] = [0, 1].map((i) => JSON.parse(String(fake.mock.calls[i][1]?.body)));
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(again).toEqual({ name: "Noah", token: first.token });
    expect(JSON.parse(localStorage.getItem("pizzanight:class:BCDF")!)).toEqual({ code: "BCDF", token: first.token, name: "Noah" });
    expect(localStorage.getItem("pizzanight:class-join:BCDF")).toBeNull(); // answered: nothing pending
  });

  it("whose join's answer never came and whose page was reloaded, sends the same token from the new page", async () => {
    const fake = lostFirstAnswer();
    await joinAs("Noah");
    render(null, root); // the page reloads: a new form, the same storage
    await submitJoin("Noah");
    await until(() => (localStorage.getItem("pizzanight:class:BCDF") ? true : null));
    const [first, again] = [0, 1].map((i) => JSON.parse(String(fake.mock.calls[i][1]?.body)));
    expect(again.token).toBe(first.token);
  });

  it.each([
    ["class/not_found", 404, undefined, "No hay ninguna clase con ese código: compruébalo con tu profe."],
    ["class/closed", 410, undefined, "Esta clase ha terminado."],
    ["class/full", 409, { max: 60 }, "Esta clase está llena: como mucho 60 alumnos."],
    ["class/bad_name", 400, { max: 16, reason: "too_long" }, "Un nombre tiene 16 letras como mucho: acórtalo, por favor."],
  ])("sees %s from the Spanish catalogue", async (code, status, params, sentence) => {
    setLanguage("es", false);
    hub([["POST", /\/join$/, { status, body: { error: code, message: "english words", ...(params ? { params } : {}) } }]]);
    expect(await joinAs("Ana")).toBe(sentence);
  });

  it("is told the class could not be reached when no answer comes", async () => {
    setLanguage("es", false);
    hub([]);
    expect(await joinAs("Ana")).toBe(CLASS_CATALOGUES.es.unreachable);
  });

  it("removed by the teacher, is told so from the catalogue by code", async () => {
    setLanguage("es", false);
    localStorage.setItem("pizzanight:class:BCDF", JSON.stringify({ code: "BCDF", token: "t0k", name: "Ana" }));
    hub([["GET", /\/me$/, { status: 403, body: { error: "class/bad_token", message: "you are no longer in this class" } }]]);
    await act(() => {
      render(<ClassPhone code="BCDF" />, root);
    });
    expect(await until(alertText)).toBe(CATALOGUES.es.errors["class/bad_token"]);
  });
});

describe("the teacher's projector", () => {
  it("shows a refused class in the language in use", async () => {
    setLanguage("es", false);
    hub([["POST", /\/api\/classes$/, { status: 400, body: { error: "class/bad_options", message: "table size: 2 to 5" } }]]);
    await act(() => {
      render(<TeacherScreen />, root);
    });
    await act(() => {
      root.querySelector<HTMLFormElement>("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    });
    expect(await until(alertText)).toBe(CATALOGUES.es.errors["class/bad_options"]);
  });

  it("shows a refused control in the language in use", async () => {
    setLanguage("es", false);
    localStorage.setItem("pizzanight:teacher", JSON.stringify({ code: "BCDF", token: "teach" }));
    const board = {
      code: "BCDF", join: "http://example.test/class/BCDF", closed: null, paused: false, students: [], waiting: [], tables: [],
      options: { game: "splittissimo", level: "easy", dots: [1], table_size: 3, reaction_ms: 0, bots: false, hints: "off", retention_days: 30 },
    };
    const fake = hub([
      ["GET", /\/dashboard$/, { status: 200, body: board }],
      ["GET", /\/report\?only=students$/, { status: 200, body: { students: [] } }],
      ["POST", /\/start$/, { status: 400, body: { error: "class/no_students", message: "at least two students (or one, with bots) are needed to start" } }],
    ]);
    await act(() => {
      render(<TeacherScreen />, root);
    });
    const start = await until(() => [...root.querySelectorAll("button")].find((b) => b.textContent === CLASS_CATALOGUES.es.startAll));
    await act(() => {
      start.click();
    });
    const shown = await until(alertText);
    expect(shown).toBe("Hacen falta al menos dos alumnos (o uno, con robots) para empezar una mesa.");
    expect(shown).not.toContain("students");
    // The projector polls the report's rows only: the full report's records name cards from hands
    const reports = fake.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("/report"));
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((url) => url.endsWith("/report?only=students"))).toBe(true);
  });
});

describe("classErrorText", () => {
  it("chooses by code and params, ignoring the message", () => {
    const refused = new ApiError(409, "class/full", "at most 60 students", { max: 60 });
    expect(classErrorText(refused)).toBe("This class is full: at most 60 students.");
    setLanguage("es", false);
    expect(classErrorText(refused)).toBe("Esta clase está llena: como mucho 60 alumnos.");
    expect(classErrorText(new ApiError(500, "http", "Internal Server Error"))).toBe(CATALOGUES.es.errorUnknown);
  });
});
