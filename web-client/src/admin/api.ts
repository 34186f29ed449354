// The admin JSON API (server/admin.py, docs/operating.md), as the console calls it.
// The token travels in an Authorization header, never in a URL or a cookie,
// and is kept in sessionStorage: closing the tab forgets it.
import type { Lobby, OutcomeWire } from "../net/wire";

const KEY = "pizzanight:admin-token";

export interface RoomRow {
  id: string;
  code: string;
  game: string | null;
  phase: string;
  players: number;
  connected_players: number;
  host_connected: boolean;
  spectators: number;
  version: number;
  owner: string | null;
  age_seconds: number | null;
  idle_seconds: number | null;
}

export interface RoomDetail extends RoomRow {
  log_length: number;
  public: { lobby: Lobby; game: Record<string, unknown> | null; outcome: OutcomeWire | null };
  connections: { role: string; player: number | null; address: string }[];
}

export interface Health {
  ok: boolean;
  node: string | null;
  draining: boolean;
  protocol: number;
  pizzanight: string;
  uptime_seconds: number;
  rooms: number;
  phases: Record<string, number>;
  sockets: Record<string, number>;
  busiest_mailbox: number;
  games: string[];
  store: { ok: boolean; type: string; ms?: number; error?: string };
}

export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function savedToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage refused (private window): the token lives only in memory */
  }
}

export async function call<T>(token: string, path: string, method: "GET" | "POST" = "GET"): Promise<T> {
  const reply = await fetch(`/api/admin/${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  if (!reply.ok) {
    let message = `HTTP ${reply.status}`;
    try {
      message = (await reply.json()).message ?? message;
    } catch {
      /* not JSON: keep the status */
    }
    throw new AdminError(reply.status, message);
  }
  return (await reply.json()) as T;
}

/** Download the room's replay file (a blob link, so the token stays in the header). */
export async function downloadReplay(token: string, code: string): Promise<void> {
  const reply = await fetch(`/api/admin/rooms/${code}/replay`, { headers: { Authorization: `Bearer ${token}` } });
  if (!reply.ok) throw new AdminError(reply.status, `HTTP ${reply.status}`);
  saveBlob(await reply.blob(), filenameOf(reply) ?? `pizzanight-${code}.replay.json`);
}

export function filenameOf(reply: Response): string | null {
  const match = /filename="([^"]+)"/.exec(reply.headers.get("content-disposition") ?? "");
  return match ? match[1] : null;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
