// The teacher's projector (/teacher): open a class, then every table live, the controls and the
// per-student report.  Everything it shows comes from the dashboard and report endpoints, which
// are built from public views and the tables' logs: never a student's hand.
import { useEffect, useState } from "preact/hooks";
import { Qr } from "../ui/Qr";
import { api, ApiError, classErrorText, saved, type ClassOptions, type Dashboard, type DashboardTable, type Report } from "./api";
import { S } from "../strings";
import { C } from "./strings";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import "./classroom.css";

/** How often the projector refreshes the tables, and the report (ms). */
const BOARD_MS = 1000;
const REPORT_MS = 5000;
const LEVELS = ["easy", "standard", "advanced"];

/** A level's word in the language in use (the app's option words), the id itself as a fallback. */
function levelText(level: string): string {
  return S.optionChoice[level] ?? level;
}

function CreateClass({ onCreated }: { onCreated: (code: string, token: string) => void }) {
  const [options, setOptions] = useState<ClassOptions>({
    game: "splittissimo", level: "standard", dots: [1, 2, 3], table_size: 3, reaction_ms: 0, bots: true, hints: "unlimited", retention_days: 30,
  });
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<ClassOptions>) => setOptions({ ...options, ...change });
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const created = await api.create(options);
      saved.set("teacher", { code: created.code, token: created.token });
      onCreated(created.code, created.token);
    } catch (err) {
      setError(classErrorText(err));
    }
  };
  return (
    <main class="teacher-create">
      <h1>{C.teacherTitle}</h1>
      <LanguageSwitch />
      <form onSubmit={submit} class="teacher-form">
        <label>{C.game}
          <select class="input" value={options.game} onChange={(e) => set({ game: (e.target as HTMLSelectElement).value })}>
            <option value="splittissimo">{S.game_splittissimo}</option>
          </select>
        </label>
        <label>{C.level}
          <select class="input" name="level" value={options.level} onChange={(e) => set({ level: (e.target as HTMLSelectElement).value })}>
            {LEVELS.map((l) => <option value={l}>{levelText(l)}</option>)}
          </select>
        </label>
        <fieldset><legend>{C.dots}</legend>
          {[1, 2, 3].map((d) => (
            <label class="check"><input type="checkbox" checked={options.dots.includes(d)}
              onChange={(e) => set({ dots: (e.target as HTMLInputElement).checked ? [...options.dots, d].sort() : options.dots.filter((x) => x !== d) })} />
              {"●".repeat(d)}</label>
          ))}
        </fieldset>
        <label>{C.tableSize}
          <input class="input" name="table_size" type="number" min={2} max={5} value={options.table_size}
            onInput={(e) => set({ table_size: Number((e.target as HTMLInputElement).value) })} />
        </label>
        <label>{C.reaction}
          <input class="input" name="reaction" type="number" min={0} max={30} value={options.reaction_ms / 1000}
            onInput={(e) => set({ reaction_ms: Math.round(Number((e.target as HTMLInputElement).value) * 1000) })} />
        </label>
        <label>{C.hints}
          <select class="input" name="hints" value={String(options.hints)}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              set({ hints: v === "off" || v === "unlimited" ? v : Number(v) });
            }}>
            <option value="unlimited">{C.hintsUnlimited}</option>
            <option value="off">{C.hintsOff}</option>
            {[1, 2, 3, 5].map((n) => <option value={String(n)}>{C.hintsPerGame(n)}</option>)}
          </select>
        </label>
        <label class="check"><input type="checkbox" name="bots" checked={options.bots} onChange={(e) => set({ bots: (e.target as HTMLInputElement).checked })} />{C.bots}</label>
        <label>{C.retention}
          <input class="input" name="retention" type="number" min={1} max={365} value={options.retention_days}
            onInput={(e) => set({ retention_days: Number((e.target as HTMLInputElement).value) })} />
        </label>
        {error && <p class="form-error" role="alert">{error}</p>}
        <button class="btn btn-start" type="submit">{C.create}</button>
      </form>
    </main>
  );
}

/** A question before something that cannot be undone: the page's own dialog (one button per choice). */
interface Ask {
  text: string;
  choices: { label: string; run: () => void; danger?: boolean }[];
}

function AskDialog({ ask, onClose }: { ask: Ask; onClose: () => void }) {
  return (
    <div class="class-ask-backdrop">
      <section class="class-ask" role="alertdialog" aria-modal="true" aria-labelledby="class-ask-text">
        <p id="class-ask-text">{ask.text}</p>
        <div class="class-ask-choices">
          {ask.choices.map((c) => (
            <button class={`btn ${c.danger ? "btn-danger" : "btn-start"}`} onClick={() => { onClose(); c.run(); }}>{c.label}</button>
          ))}
          <button class="btn btn-quiet" onClick={onClose}>{C.cancel}</button>
        </div>
      </section>
    </div>
  );
}

function TableCard({ table, onRestart, onLevel, readOnly }: { table: DashboardTable; onRestart: () => void; onLevel: (level: string) => void; readOnly: boolean }) {
  const reasons = table.help ?? [];
  const help = reasons.length > 0;
  return (
    <article class={`class-table ${help ? "class-table-help" : ""}`} aria-label={C.table(table.number)} data-table={table.number}>
      <header>
        <h2>{C.table(table.number)}</h2>
        <span class="class-table-phase">{table.phase === "finished" ? C.finished : C.phase[table.phase] ?? table.phase}</span>
      </header>
      {help && <p class="class-help" role="status">⚑ {C.needsHelp}: {reasons.map((r) => C.helpWhy[r] ?? r).join(", ")}</p>}
      <ul class="class-players">
        {(table.players ?? []).map((p) => (
          <li class={`${p.name === table.active ? "class-active" : ""} ${p.connected ? "" : "class-away"}`}>
            <span class="class-turn-mark" aria-hidden="true">{p.name === table.active ? "▶" : ""}</span>
            <span class="class-player-name">{p.name}{p.bot && !p.removed ? " 🤖" : ""}</span>
            <span class="class-cards" title={C.cardsLeft}>{table.cards_left?.[p.name] ?? ""}</span>
            <span class="class-pizza">{table.delivered?.[p.name] ?? ""}</span>
            {(p.stand_in || p.removed) && <span class="class-stand-in">🤖 {p.removed ? C.removedSeat : C.standIn}</span>}
          </li>
        ))}
      </ul>
      <p class="class-tricks">{C.tricks(table.tricks ?? 0)}</p>
      {table.last_trick && <p class="class-last">{C.lastTrick}: <strong>{table.last_trick}</strong></p>}
      {!readOnly && <footer>
        <button class="btn btn-small" onClick={onRestart}>{C.restart}</button>
        <a class="btn btn-small" href={`/watch/${table.code}`} target="_blank" rel="noopener">{C.openLarge}</a>
        <select class="input input-small" aria-label={C.applyTable} value={String(table.options.level ?? "")}
          onChange={(e) => onLevel((e.target as HTMLSelectElement).value)}>
          {LEVELS.map((l) => <option value={l}>{levelText(l)}</option>)}
        </select>
      </footer>}
    </article>
  );
}

function ReportTable({ report }: { report: Report | null }) {
  if (!report) return null;
  return (
    <table class="class-report">
      <thead><tr>{C.columns.map((c) => <th scope="col">{c}</th>)}</tr></thead>
      <tbody>
        {report.students.map((r) => (
          <tr data-student={r.name}>
            <th scope="row">{r.name}</th><td>{r.games}</td><td>{r.tricks}</td><td>{r.pizzas_delivered}</td>
            <td>{r.same_denominators}</td><td>{r.equivalent_fractions}</td><td>{r.sums_to_whole}</td>
            <td>{r.combined_orders}</td><td>{r.mixed_numbers}</td><td>{r.misses}</td><td>{r.hints}</td>
            <td title={Object.entries(r.rules_broken).map(([code, n]) => `${code} ×${n}`).join(", ")}>{r.rejected}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ClassBoard({ code, token, onGone }: { code: string; token: string; onGone: () => void }) {
  const [board, setBoard] = useState<Dashboard | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState("standard");
  const [ask, setAsk] = useState<Ask | null>(null);
  /** A student's personal code, shown here only, until hidden. */
  const [handover, setHandover] = useState<{ name: string; code: string; seconds: number } | null>(null);
  const [dots, setDots] = useState<number[]>([1, 2, 3]);
  const refresh = async () => {
    try {
      setBoard(await api.dashboard(code, token));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) onGone();
    }
  };
  const refreshReport = async () => {
    try {
      setReport(await api.report(code, token));
    } catch {
      // the next refresh tries again
    }
  };
  useEffect(() => {
    refresh();
    refreshReport();
    const a = setInterval(refresh, BOARD_MS);
    const b = setInterval(refreshReport, REPORT_MS);
    return () => {
      clearInterval(a);
      clearInterval(b);
    };
  }, [code, token]);
  const act = (what: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(classErrorText(err));
    }
    refresh();
    refreshReport();
  };
  const downloadCsv = act(async () => {
    const text = await api.csv(code, token);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
    link.download = `pizzanight-class-${code}.csv`;
    link.click();
  });
  const downloadJson = act(async () => {
    const report = await api.reportJson(code, token);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(report, null, 2)], { type: "application/json" }));
    link.download = `pizzanight-class-${code}.json`;
    link.click();
  });
  const join = board?.join ?? `${location.origin}/class/${code}`;
  const readOnly = Boolean(board?.closed);
  /** Start a game at every table: a table mid-game is never thrown away without asking. */
  const startAll = async () => {
    setError(null);
    try {
      await api.start(code, token);
    } catch (err) {
      if (err instanceof ApiError && err.code === "class/tables_playing") {
        setAsk({
          text: C.startPlaying(String(err.params?.tables ?? "")),
          choices: [
            { label: C.keepPlaying, run: act(() => api.start(code, token, "keep")) },
            { label: C.restartThem, run: act(() => api.start(code, token, "restart")), danger: true },
          ],
        });
        return;
      }
      setError(classErrorText(err));
    }
    refresh();
  };
  const confirm = (text: string, label: string, run: () => void) =>
    setAsk({ text, choices: [{ label, run, danger: true }] });
  return (
    <main class="teacher">
      <header class="teacher-header">
        <div class="teacher-join">
          <p>{C.joinAt} <strong>{join.replace(/^https?:\/\//, "").replace(/\/class\/.*$/, "/class")}</strong> {C.withCode}</p>
          <p class="teacher-code" aria-label={C.classCode}>{code}</p>
        </div>
        <Qr text={join} label={join} px={220} />
        <LanguageSwitch compact />
      </header>
      {board?.closed && <p class="class-ended" role="status">{C.ended}</p>}
      {board?.paused && <p class="class-paused" role="status">{C.paused}</p>}
      {!readOnly && <nav class="teacher-controls">
        <button class="btn btn-start" onClick={startAll}>{C.startAll}</button>
        <button class="btn" aria-pressed={Boolean(board?.paused)} onClick={act(() => api.pause(code, token, !board?.paused))}>
          {board?.paused ? C.resumeAll : C.pauseAll}
        </button>
        <button class="btn" onClick={act(() => api.endTables(code, token))}>{C.endAll}</button>
        <label>{C.level}
          <select class="input input-small" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            {LEVELS.map((l) => <option value={l}>{levelText(l)}</option>)}
          </select>
        </label>
        <fieldset class="teacher-dots"><legend>{C.dots}</legend>
          {[1, 2, 3].map((d) => (
            <label class="check"><input type="checkbox" checked={dots.includes(d)}
              onChange={(e) => setDots((e.target as HTMLInputElement).checked ? [...dots, d].sort() : dots.filter((x) => x !== d))} />
              {"●".repeat(d)}</label>
          ))}
        </fieldset>
        <button class="btn" onClick={act(() => api.options(code, token, { level, dots }))}>{C.applyAll}</button>
      </nav>}
      <nav class="teacher-downloads">
        <button class="btn" onClick={downloadCsv}>{C.downloadCsv}</button>
        <button class="btn" onClick={downloadJson}>{C.downloadJson}</button>
      </nav>
      {error && <p class="form-error" role="alert">{error}</p>}
      <section class="class-tables">
        {(board?.tables ?? []).map((t) => (
          <TableCard table={t} readOnly={readOnly}
            onRestart={t.phase === "playing"
              ? () => confirm(C.confirmRestart(t.number), C.restart, act(() => api.restart(code, token, t.number)))
              : act(() => api.restart(code, token, t.number))}
            onLevel={(l) => act(() => api.options(code, token, { level: l }, t.number))()} />
        ))}
      </section>
      {board && board.waiting.length > 0 && (
        <p class="class-waiting"><strong>{C.waiting}:</strong> {board.waiting.join(", ")}</p>
      )}
      <section class="class-students" aria-labelledby="report-title">
        <h2 id="report-title">{C.report} · {C.students} ({board?.students.length ?? 0})</h2>
        <ReportTable report={report} />
        {!readOnly && <ul class="class-roster">
          {(board?.students ?? []).map((s) => (
            <li data-student-id={s.id}>
              <span>{s.name}{s.table !== null ? ` · ${C.table(s.table)}` : ""}</span>
              <select class="input input-small" aria-label={`${C.move}: ${s.name}`} value={String(s.moving_to ?? 0)}
                onChange={(e) => act(() => api.student(code, token, s.id, { table: Number((e.target as HTMLSelectElement).value) }))()}>
                <option value="0">{C.move}…</option>
                {(board?.tables ?? []).map((t) => <option value={String(t.number)}>{C.table(t.number)}</option>)}
              </select>
              <button class="btn btn-quiet btn-small" onClick={act(async () => {
                const name = prompt(C.rename, s.name);
                if (name) await api.student(code, token, s.id, { name });
              })}>{C.rename}</button>
              {s.asks_new_device && (
                <button class="btn btn-start btn-small"
                  onClick={() => confirm(C.confirmHandOver(s.name), C.handOver, act(() => api.handOver(code, token, s.id)))}>
                  {C.handOver}
                </button>
              )}
              <button class="btn btn-quiet btn-small" onClick={act(async () => {
                const given = await api.handover(code, token, s.id);
                setHandover({ name: s.name, code: given.code, seconds: given.seconds });
              })}>{C.newDevice}</button>
              <button class="btn btn-quiet btn-small"
                onClick={() => confirm(C.confirmRemove(s.name), C.remove, act(() => api.remove(code, token, s.id)))}>{C.remove}</button>
            </li>
          ))}
        </ul>}
      </section>
      <footer class="teacher-footer">
        <p>{board?.deletes_at
          ? C.deletesOn(new Date(board.deletes_at).toLocaleString())
          : C.keptFor(board?.options.retention_days ?? 30)}</p>
        {!readOnly && <button class="btn" onClick={() => confirm(C.confirmEnd, C.endClass, act(() => api.end(code, token)))}>{C.endClass}</button>}
      </footer>
      {/* Delete is kept apart from End: folded away at the very bottom of the page. */}
      <details class="teacher-danger">
        <summary>{C.dangerZone}</summary>
        <button class="btn btn-danger" onClick={() => confirm(C.confirmDelete, C.deleteNow, act(async () => {
          await api.deleteNow(code, token);
          saved.set("teacher", null);
          onGone();
        }))}>{C.deleteNow}</button>
      </details>
      {handover && (
        <div class="class-ask-backdrop">
          <section class="class-ask class-handover" role="dialog" aria-modal="true" aria-labelledby="handover-title">
            <h2 id="handover-title">{C.handoverTitle(handover.name)}</h2>
            <p class="class-handover-code" data-testid="handover-code">{handover.code}</p>
            <p>{C.handoverHelp(Math.round(handover.seconds / 60))}</p>
            <button class="btn btn-start" onClick={() => setHandover(null)}>{C.hide}</button>
          </section>
        </div>
      )}
      {ask && <AskDialog ask={ask} onClose={() => setAsk(null)} />}
    </main>
  );
}

/** A class opened with `pizzanight class` arrives as /teacher#class=CODE&token=T: keep it, clear the address bar. */
function adoptFromAddress(): void {
  const given = new URLSearchParams(location.hash.slice(1));
  const code = given.get("class");
  const token = given.get("token");
  if (code && token) {
    saved.set("teacher", { code, token });
    history.replaceState(null, "", "/teacher");
  }
}

export function TeacherScreen() {
  const [mine, setMine] = useState(() => {
    adoptFromAddress();
    return saved.get("teacher");
  });
  return (
    <div class="screen teacher-screen">
      {mine ? (
        <ClassBoard code={mine.code} token={mine.token} onGone={() => { saved.set("teacher", null); setMine(null); }} />
      ) : (
        <CreateClass onCreated={(code, token) => setMine({ code, token })} />
      )}
    </div>
  );
}
