// The class's projector (/class/CODE/screen): on the wall, in front of every
// child.  It shows how to join (the address, the class code, a QR code), each
// table with who sits there, whose turn it is and how far its game is, and who
// waits for the next game; once the class has ended, only that (joining is refused
// then: no address, code or QR code).  It never shows a figure about any one student (no
// tricks, pizzas, misses, hints, scores or winners: children are not ranked on
// the wall) and has no controls: those are on the teacher's own device.  It
// needs no token: the hub's /screen answer holds nothing else.
import { useEffect, useRef, useState } from "preact/hooks";
import { Qr } from "../ui/Qr";
import { useFitToWindow } from "../ui/fit";
import { LANGUAGES, type Lang } from "../i18n";
import { S, setLanguage } from "../strings";
import { api, ApiError, byNumber, type ClassScreenData, type ScreenPlayer, type ScreenTable } from "./api";
import { C } from "./strings";
import { T } from "./strings.teacher";
import "./projector.css";

/** How often the projector asks for the tables (ms). */
const POLL_MS = 1000;

/** Columns for `n` tables beside the join panel, so each stays large (16:9 screens). */
function columns(n: number): number {
  if (n <= 3) return Math.max(1, n);
  if (n === 4) return 2;
  if (n <= 9) return 3;
  return 4;
}

/** Where a player is, in words: a bot playing for them comes first (a stand-in is never connected: its student is away). */
export function playerState(player: ScreenPlayer): string | null {
  if (player.removed) return T.botFinishes;
  if (player.stand_in) return T.botPlays;
  if (!player.connected) return T.away;
  return player.bot ? T.bot : null;
}

function PlayerRow({ player, active }: { player: ScreenPlayer; active: boolean }) {
  const state = playerState(player);
  return (
    <li class={`proj-player ${active ? "proj-active" : ""} ${player.connected ? "" : "proj-away"}`}>
      {/* The turn's mark is a shape; the table's "Ada's turn" line above says it in words. */}
      <span class="proj-mark" aria-hidden="true" />
      <span class="proj-name">{player.name}</span>
      {state && <span class="proj-tag">{state}</span>}
    </li>
  );
}

function TableCard({ table }: { table: ScreenTable }) {
  const playing = table.phase === "playing";
  return (
    <article class={`proj-table proj-${table.phase}`} data-table={table.number} aria-label={C.table(table.number)}>
      <header>
        <h2>{C.table(table.number)}</h2>
        <span class="proj-phase">{T.phase[table.phase] ?? table.phase}</span>
      </header>
      {playing && table.active && <p class="proj-turn">{T.turnOf(table.active)}</p>}
      <ul class="proj-players">
        {table.players.map((p) => <PlayerRow player={p} active={playing && p.name === table.active} />)}
      </ul>
      {playing && table.turn !== undefined && table.deck !== undefined && (
        <p class="proj-progress">{T.progress(table.turn, table.deck)}</p>
      )}
    </article>
  );
}

/** `?lang=es` (the teacher's link says which) shows the projector in that language on this device. */
function languageFromAddress(): void {
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang && (LANGUAGES as readonly string[]).includes(lang) && lang !== S.lang) setLanguage(lang as Lang, false);
}

export function ClassScreen({ code }: { code: string }) {
  const [data, setData] = useState<ClassScreenData | null>(null);
  const [missing, setMissing] = useState(false);
  const [offline, setOffline] = useState(false);
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    languageFromAddress();
    let live = true;
    const poll = async () => {
      try {
        const got = await api.screen(code);
        if (!live) return;
        setData(got);
        setMissing(false);
        setOffline(false);
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) setMissing(true);
        else setOffline(true);
      }
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [code]);
  const tables = byNumber(data?.tables);
  const cols = columns(tables.length);
  const rows = Math.max(1, Math.ceil(tables.length / cols));
  // a new layout (more tables, or names) starts again from full size
  useFitToWindow(main, `${tables.length}:${S.lang}:${tables.map((t) => t.players.length).join(",")}`, data !== null);
  if (data?.closed && !missing) {
    // Joining an ended class is refused: the wall says it has ended, and nothing about how to join.
    return (
      <div class="proj-frame proj-rows-1">
        <main class="proj proj-message" lang={S.lang}>
          <div class="proj-ended">
            <p class="proj-title">{T.projectorTitle}</p>
            <p role="status">{T.classEnded}</p>
          </div>
        </main>
      </div>
    );
  }
  if (missing) {
    return (
      <div class="proj-frame proj-rows-1">
        <main class="proj proj-message">
          <p role="alert">{T.noClass}</p>
        </main>
      </div>
    );
  }
  const join = data?.join ?? `${location.origin}/class/${code}`;
  const address = join.replace(/^https?:\/\//, "").replace(/\/[A-Z]+$/i, "");
  return (
    // The frame sets the type from the window's height and the rows of tables; the fit shrinks `main` inside it.
    <div class={`proj-frame proj-rows-${Math.min(rows, 4)} ${tables.length <= 2 ? "proj-few" : ""}`}>
    <main ref={main} class="proj" lang={S.lang}>
      <aside class="proj-join" aria-label={T.joinOn}>
        <p class="proj-title">{T.projectorTitle}</p>
        <p class="proj-how">{T.joinOn}</p>
        <p class="proj-how">{T.goTo} <strong class="proj-address">{address}</strong></p>
        <p class="proj-how">{T.typeCode}</p>
        <p class="proj-code" aria-label={`${T.classCode}: ${code.split("").join(" ")}`}>{code}</p>
        <p class="proj-how">{T.orScan}</p>
        <div class="proj-qr"><Qr text={join} label={join} px={240} /></div>
      </aside>
      <section class="proj-board">
        {offline && <p class="proj-banner" role="status">{T.reconnecting}</p>}
        {data?.paused && <p class="proj-banner proj-paused" role="status">{T.paused}</p>}
        {data && tables.length === 0 && <p class="proj-empty">{T.noTables}</p>}
        <div class="proj-tables" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
          {tables.map((t) => <TableCard table={t} />)}
        </div>
        {data && data.waiting.length > 0 && (
          <p class="proj-waiting"><strong>{T.waitingNext}:</strong> {data.waiting.join(", ")}</p>
        )}
      </section>
    </main>
    </div>
  );
}
