// /admin: the operator's console.  Sign in with the admin token, then see the
// hub's health and its rooms (refreshed every few seconds), inspect one (its
// public view drawn by the game's own TV table), download its replay, or
// close it.  Every action is a call to /api/admin (server/admin.py).
import { useCallback, useEffect, useState } from "preact/hooks";
import { TableScreen } from "../screens/Table";
import { RosterContext, seatedRoster } from "../ui/players";
import type { StateFrame } from "../net/wire";
import { AdminError, call, downloadReplay, type Health, type RoomDetail, type RoomRow, savedToken, saveToken } from "./api";
import { A } from "./strings";
import "./admin.css";

const REFRESH_MS = 3000;

export function AdminScreen() {
  const [token, setToken] = useState<string | null>(savedToken());
  if (!token) return <SignIn onToken={(t) => (saveToken(t), setToken(t))} />;
  return <Console token={token} onSignOut={() => (saveToken(null), setToken(null))} />;
}

function SignIn({ onToken }: { onToken: (token: string) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      await call<Health>(text.trim(), "health");
      onToken(text.trim());
    } catch (err) {
      setError(err instanceof AdminError && err.status === 401 ? A.badToken : String((err as Error).message));
    }
  };
  return (
    <div class="screen admin">
      <main class="admin-signin">
        <h1>{A.title}</h1>
        <form onSubmit={submit}>
          <label for="admin-token">{A.token}</label>
          <input id="admin-token" type="password" autoComplete="off" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
          <button class="btn btn-start" type="submit" disabled={!text.trim()}>
            {A.signIn}
          </button>
        </form>
        <p class="admin-help">{A.tokenHelp}</p>
        {error && (
          <p class="admin-error" role="alert">
            {error}
          </p>
        )}
      </main>
    </div>
  );
}

function seconds(value: number | null): string {
  if (value === null) return "–";
  if (value < 90) return `${Math.round(value)} s`;
  if (value < 5400) return `${Math.round(value / 60)} min`;
  return `${(value / 3600).toFixed(1)} h`;
}

function Console({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const [health, setHealth] = useState<Health | null>(null);
  const [rooms, setRooms] = useState<RoomRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const [h, r] = await Promise.all([call<Health>(token, "health"), call<{ rooms: RoomRow[] }>(token, "rooms")]);
      setHealth(h);
      setRooms(r.rooms);
      setError(null);
    } catch (err) {
      if (err instanceof AdminError && err.status === 401) onSignOut();
      else setError(A.unreachable((err as Error).message));
    }
  }, [token]);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <div class="screen admin">
      <header class="admin-bar">
        <h1>{A.title}</h1>
        {health && <span class="admin-node">{health.node ? A.node(health.node) : A.singleHub}</span>}
        <button class="btn btn-quiet btn-small" onClick={onSignOut}>
          {A.signOut}
        </button>
      </header>
      {error && (
        <p class="banner banner-ended" role="alert">
          {error}
        </p>
      )}
      <main class="admin-main">
        {health && <HealthPanel health={health} />}
        <section class="admin-rooms" aria-labelledby="rooms-title">
          <h2 id="rooms-title">{A.rooms(rooms.length)}</h2>
          {rooms.length === 0 ? (
            <p class="admin-help">{A.noRooms}</p>
          ) : (
            <table class="admin-table">
              <thead>
                <tr>
                  {A.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rooms.map((r) => (
                  <tr key={r.id} class={open === r.code ? "admin-row-open" : ""}>
                    <th scope="row" class="admin-code">
                      {r.code}
                    </th>
                    <td>{r.game ?? "–"}</td>
                    <td>
                      <span class={`admin-phase admin-phase-${r.phase}`}>{r.phase}</span>
                    </td>
                    <td class="num">
                      {r.connected_players}/{r.players}
                    </td>
                    <td>{r.host_connected ? A.yes : A.no}</td>
                    <td class="num">{r.spectators}</td>
                    <td class="num">{r.version}</td>
                    <td>{r.owner ?? "–"}</td>
                    <td class="num">{seconds(r.age_seconds)}</td>
                    <td class="num">{seconds(r.idle_seconds)}</td>
                    <td>
                      <button class="btn btn-small" onClick={() => setOpen(open === r.code ? null : r.code)} aria-expanded={open === r.code}>
                        {A.inspect} <span class="sr-only">{r.code}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        {open && <RoomPanel token={token} code={open} onClosed={() => (setOpen(null), refresh())} onGone={() => setOpen(null)} />}
      </main>
    </div>
  );
}

function HealthPanel({ health }: { health: Health }) {
  const items: [string, string][] = [
    [A.status, health.ok ? A.healthy : health.draining ? A.draining : A.unhealthy],
    [A.uptime, seconds(health.uptime_seconds)],
    [A.roomsLabel, `${health.rooms} (${Object.entries(health.phases).map(([p, n]) => `${n} ${p}`).join(", ") || "none"})`],
    [A.sockets, Object.entries(health.sockets).map(([r, n]) => `${n} ${r}`).join(", ")],
    [A.store, health.store.ok ? `${health.store.type}, ${health.store.ms} ms` : `${health.store.type}: ${health.store.error}`],
    [A.mailbox, String(health.busiest_mailbox)],
    [A.version, `pizzanight ${health.pizzanight}, protocol ${health.protocol}`],
  ];
  return (
    <section class={`admin-health ${health.ok ? "admin-ok" : "admin-bad"}`} aria-labelledby="health-title">
      <h2 id="health-title">{A.health}</h2>
      <dl>
        {items.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RoomPanel({ token, code, onClosed, onGone }: { token: string; code: string; onClosed: () => void; onGone: () => void }) {
  const [detail, setDetail] = useState<RoomDetail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      call<RoomDetail>(token, `rooms/${code}`).then(
        (d) => live && setDetail(d),
        (err: AdminError) => live && (err.status === 404 ? onGone() : setMessage(err.message)),
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => ((live = false), clearInterval(timer));
  }, [token, code]);
  if (!detail) return null;
  const frame: StateFrame = {
    t: "state",
    room: detail.code,
    version: detail.version,
    lobby: detail.public.lobby,
    you: { role: "spectator" },
    game: detail.public.game,
    outcome: detail.public.outcome,
  };
  const close = async () => {
    try {
      await call(token, `rooms/${code}/close`, "POST");
      onClosed();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  return (
    <section class="admin-room" aria-labelledby="room-title">
      <header class="admin-room-head">
        <h2 id="room-title">{A.roomTitle(detail.code)}</h2>
        <span>{A.logLength(detail.log_length)}</span>
        <button class="btn btn-small" onClick={() => downloadReplay(token, code).catch((e: Error) => setMessage(e.message))}>
          {A.downloadReplay}
        </button>
        {confirming ? (
          <span class="admin-confirm" role="group" aria-label={A.closeRoom}>
            {A.reallyClose}
            <button class="btn btn-small admin-danger" onClick={close}>
              {A.closeNow}
            </button>
            <button class="btn btn-small btn-quiet" onClick={() => setConfirming(false)}>
              {A.cancel}
            </button>
          </span>
        ) : (
          <button class="btn btn-small admin-danger" onClick={() => setConfirming(true)}>
            {A.closeRoom}
          </button>
        )}
      </header>
      {message && (
        <p class="admin-error" role="alert">
          {message}
        </p>
      )}
      <h3>{A.connections}</h3>
      <ul class="admin-connections">
        {detail.connections.length === 0 && <li>{A.nobody}</li>}
        {detail.connections.map((c, i) => (
          <li key={i}>
            {c.role}
            {c.player !== null ? ` #${c.player} ${detail.public.lobby.players.find((p) => p.id === c.player)?.name ?? ""}` : ""} · {c.address}
          </li>
        ))}
      </ul>
      <h3>{A.publicView}</h3>
      <div class="admin-view">
        {frame.game ? (
          <RosterContext.Provider value={seatedRoster(frame.lobby)}>
            <TableScreen state={frame} host={null} watching />
          </RosterContext.Provider>
        ) : (
          <p class="admin-help">{A.inLobby(detail.public.lobby.players.map((p) => p.name))}</p>
        )}
      </div>
    </section>
  );
}
