// The classroom JSON API (server/classroom/http.py), as the teacher's and the students' pages call it.
// Tokens travel in an Authorization header; they are kept in localStorage so a reload keeps the class.
// A refusal is shown from its code and params (the catalogues' `errors`), never the hub's English message.
import type { ErrorParams } from "../net/wire";
import { errorText } from "../strings";
import { C } from "./strings";

export interface ClassOptions {
  game: string;
  level: string;
  dots: number[];
  table_size: number;
  reaction_ms: number;
  bots: boolean;
  /** "off", "unlimited", or at most this many per student per game. */
  hints: "off" | "unlimited" | number;
  retention_days: number;
  /** Each table's suggested dots are applied when its next game starts. */
  adapt_levels?: boolean;
  /** "Needs help" after this many seconds without a move on a student's turn (10-600). */
  help_idle_s?: number;
  /** A bot plays a student's turn after this many seconds without a move (10-600); 0 or absent: off. */
  turn_timer_s?: number;
}

export interface Seat {
  class: string;
  student: number;
  name: string;
  table: number | null;
  room: string | null;
  seat_token: string | null;
  paused: boolean;
  /** The class has ended: the phone says so, and nothing more happens. */
  closed?: boolean;
  /** Why a student without a table waits: alone in the class, or for the next game. */
  waiting?: "classmate" | "next_game" | null;
}

export interface TablePlayer {
  name: string;
  bot: boolean;
  connected: boolean;
  seat: number | null;
  /** A bot plays for this student while they are away (past the class grace). */
  stand_in?: boolean;
  /** The teacher removed this student mid-game: a bot finishes the game for the seat. */
  removed?: boolean;
}

export interface DashboardTable {
  number: number;
  code: string;
  phase: string;
  options: Partial<ClassOptions>;
  players?: TablePlayer[];
  active?: string | null;
  cards_left?: Record<string, number>;
  delivered?: Record<string, string>;
  tricks?: number;
  last_trick?: string | null;
  /** Why the table may need the teacher, now (each goes away when no longer true). */
  help?: (HelpReason | string)[];
  final?: string | null;
}

/** A reason a table needs the teacher: a student idle on their turn, refused again and again, or disconnected. */
export interface HelpReason {
  reason: "idle" | "refused" | "disconnected" | string;
  student?: number;
  name?: string;
  seconds?: number;
  count?: number;
}

export interface Dashboard {
  code: string;
  join: string;
  options: ClassOptions;
  closed: string | null;
  /** When the class ended and when its names and reports are deleted (ISO 8601 UTC). */
  closed_at?: string | null;
  deletes_at?: string | null;
  /** When the running class ends by itself if nobody joins, plays or changes anything until then (ISO 8601 UTC). */
  idle_ends_at?: string | null;
  paused: boolean;
  students: {
    id: number; name: string; table: number | null; moving_to: number | null;
    /** A new device asks for this student's seat, showing `device_check`: hand it over only if the student's screen shows it. */
    asks_new_device?: boolean; device_check?: string | null;
  }[];
  waiting: string[];
  tables: DashboardTable[];
}

/** A player as the projector shows them: a name and where they are, never a figure. */
export interface ScreenPlayer {
  name: string;
  bot: boolean;
  connected: boolean;
  /** A bot plays for this student for now (away past the grace, or removed). */
  stand_in: boolean;
  /** The teacher removed this student during the game: the bot plays their seat to its end. */
  removed?: boolean;
}

export interface ScreenTable {
  number: number;
  phase: string;
  players: ScreenPlayer[];
  active: string | null;
  /** Once a game has started: its turn count, the cards left to draw, its level. */
  turn?: number;
  deck?: number;
  level?: string;
}

/** What the class's projector shows (GET /api/classes/CODE/screen, no token). */
export interface ClassScreenData {
  code: string;
  join: string;
  closed: boolean;
  paused: boolean;
  waiting: string[];
  tables: ScreenTable[];
}

/** Tables as the teacher and the wall see them: by their number (1, 2, 3), whatever order the hub sent. */
export function byNumber<T extends { number: number }>(tables: readonly T[] | undefined): T[] {
  return [...(tables ?? [])].sort((a, b) => a.number - b.number);
}

/** Words the hub wrote in both languages (a next step, a summary line, why a level changed). */
export type BothLangs = Partial<Record<string, string>>;

/** The fraction relations a trick can use, in the report's order (docs/classroom.md). */
export const RELATIONS = [
  "same_card",
  "equivalent_fractions",
  "same_denominator_sum",
  "unlike_denominator_sum",
  "whole_pizza",
  "combined_orders",
  "toppings_matched",
] as const;

export interface RelationCounts {
  used: number;
  missed: number;
  refused: number;
}

export interface NextStep {
  kind: string;
  relation: string | null;
  count: number;
  text: BothLangs;
}

export interface ReportRow {
  student: number;
  name: string;
  /** The teacher removed this student: their row stays, with what they did before. */
  removed?: boolean;
  games: number;
  tricks: number;
  pizzas_delivered: string;
  misses: number;
  hints: number;
  rejected: number;
  rules_broken: Record<string, number>;
  mixed_numbers?: number;
  /** Every relation, zeros included. */
  relations?: Record<string, RelationCounts>;
  turns?: number;
  turn_seconds_median?: number | null;
  next_step?: NextStep;
}

/** Why the hub suggests a table's dots, or why they changed. */
export interface LevelReason {
  reason: string;
  relation?: string;
  count?: number;
  of?: number;
}

export interface LevelSuggestion {
  table: number;
  /** The dots playing now, the next game's (after an Apply), and the suggestion. */
  dots: number[];
  next?: number[];
  suggested: number[];
  change: "up" | "down" | "same";
  reasons: LevelReason[];
  text: BothLangs;
}

export interface LevelChange {
  table: number;
  from: number[];
  to: number[];
  by: "teacher" | "auto";
  at: string;
  text: BothLangs;
}

export interface ClassSummary {
  students: number;
  relations: Record<string, { used_by: number; missed_by: number; refused_by: number; never_used: number }>;
  most_missed: { relation: string; students: number; of: number } | null;
  lines: BothLangs[];
  need_teacher: { student: number; name: string; reasons: string[] }[];
}

export interface Report {
  class?: Record<string, unknown>;
  generated_at?: string;
  relations?: string[];
  students: ReportRow[];
  summary?: ClassSummary;
  levels?: LevelSuggestion[];
  changes?: LevelChange[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: ErrorParams | null = null,
    /** A taken name's request secret: this device may wait for the teacher to hand it the seat. */
    readonly request: string | null = null,
    /** That request's check number, which this device shows and the teacher's screen shows beside the name. */
    readonly check: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The sentence to show for a failed class request, in the language in use:
 * the catalogue's sentence for the refusal's code (with its params), or, when
 * no answer came at all (offline, server down), the classroom's own sentence.
 */
export function classErrorText(err: unknown): string {
  if (err instanceof ApiError) return errorText(err.code, err.params);
  return C.unreachable;
}

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.error ?? "http", data.message ?? res.statusText, data.params ?? null, data.request ?? null, data.check ?? null);
  return data as T;
}

export const api = {
  create: (options: Partial<ClassOptions>) =>
    call<{ code: string; token: string; join: string }>("POST", "/api/classes", null, { options }),
  /** Join by name; with the personal code the teacher's device shows, a student on a new device takes their seat back. */
  /** `token`: this device's own (docs/protocol.md): the same join sent again, its answer lost, is the same student. */
  join: (code: string, name: string, token: string, personal?: string) =>
    call<Seat & { token: string | null }>("POST", `/api/classes/${code}/join`, null, personal ? { name, token, code: personal } : { name, token }),
  /** The projector's tables (no token: nothing in it is about any one student). */
  screen: (code: string) => call<ClassScreenData>("GET", `/api/classes/${code}/screen`, null),
  me: (code: string, token: string) => call<Seat>("GET", `/api/classes/${code}/me`, token),
  dashboard: (code: string, token: string) => call<Dashboard>("GET", `/api/classes/${code}/dashboard`, token),
  /** The per-student rows only: what the projector shows (the records name cards from hands). */
  report: (code: string, token: string) => call<Report>("GET", `/api/classes/${code}/report?only=students`, token),
  /** The whole report (rows, and one record per trick, miss and rejected attempt), for a deliberate download. */
  reportJson: (code: string, token: string) => call<unknown>("GET", `/api/classes/${code}/report`, token),
  /** A game at every table; `running` says what tables mid-game do (the hub asks first: class/tables_playing). */
  start: (code: string, token: string, running?: "keep" | "restart") =>
    call<unknown>("POST", `/api/classes/${code}/start`, token, running ? { running } : {}),
  /** Hand a student's seat to the new device that asked for it (from the teacher's screen). */
  handOver: (code: string, token: string, id: number, check: string | null) =>
    call<unknown>("POST", `/api/classes/${code}/students/${id}/handover`, token, check ? { approve: true, check } : { approve: true }),
  /** A new device waiting on its request: null while it waits, then its class token and seat (once). */
  waiting: async (code: string, secret: string): Promise<(Seat & { token: string }) | null> => {
    const res = await fetch(`/api/classes/${code}/requests/${secret}`);
    if (res.status === 202) return null;
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, data.error ?? "http", data.message ?? res.statusText, data.params ?? null);
    return data as Seat & { token: string };
  },
  /** A student's one-time code for a new device (shown on this page only when asked). */
  handover: (code: string, token: string, id: number) =>
    call<{ code: string; seconds: number }>("POST", `/api/classes/${code}/students/${id}/handover`, token),
  /** A bot plays this student's turn once, now (refused 409 `class/not_their_turn` when there is none to play). */
  playTurn: (code: string, token: string, id: number) =>
    call<{ ok: boolean }>("POST", `/api/classes/${code}/students/${id}/play_turn`, token),
  pause: (code: string, token: string, paused: boolean) => call<unknown>("POST", `/api/classes/${code}/pause`, token, { paused }),
  endTables: (code: string, token: string) => call<unknown>("POST", `/api/classes/${code}/end_tables`, token),
  /** Apply a table's suggested dots from its next game (every table with a change when `table` is null). */
  levels: (code: string, token: string, table: number | null) =>
    call<{ applied: { table: number; from: number[]; to: number[] }[] }>("POST", `/api/classes/${code}/levels`, token, table === null ? {} : { table }),
  options: (code: string, token: string, options: Partial<ClassOptions>, table: number | null = null) =>
    call<unknown>("POST", `/api/classes/${code}/options`, token, { options, table }),
  restart: (code: string, token: string, table: number) => call<unknown>("POST", `/api/classes/${code}/tables/${table}/restart`, token),
  student: (code: string, token: string, id: number, change: { name?: string; table?: number }) =>
    call<unknown>("POST", `/api/classes/${code}/students/${id}`, token, change),
  remove: (code: string, token: string, id: number) => call<unknown>("DELETE", `/api/classes/${code}/students/${id}`, token),
  end: (code: string, token: string) => call<{ kept_days: number }>("POST", `/api/classes/${code}/end`, token),
  deleteNow: (code: string, token: string) => call<unknown>("DELETE", `/api/classes/${code}`, token),
  /** The CSV as text (fetched with the token, then saved by the browser). */
  csv: async (code: string, token: string): Promise<string> => {
    const res = await fetch(`/api/classes/${code}/report.csv`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) {
      const data = await res.json().catch(() => ({}));
      throw new ApiError(res.status, data.error ?? "http", data.message ?? res.statusText, data.params ?? null);
    }
    return res.text();
  },
};

/** Where a page keeps a class token: "teacher" for the teacher's class, "class:CODE" for a student's. */
export const saved = {
  get(key: string): { code: string; token: string; name?: string } | null {
    try {
      const raw = localStorage.getItem(`pizzanight:${key}`);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  set(key: string, value: { code: string; token: string; name?: string } | null): void {
    try {
      if (value) localStorage.setItem(`pizzanight:${key}`, JSON.stringify(value));
      else localStorage.removeItem(`pizzanight:${key}`);
    } catch {
      // private windows: the class lasts this page only
    }
  },
};
