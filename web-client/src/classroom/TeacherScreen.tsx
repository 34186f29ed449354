// The teacher's own view (/teacher) on a laptop or a phone: open a class, then
// every table live with every figure and control, why a table needs help (in
// words, only while true), the suggested dots per table, and the report
// (fetched when the page opens, then kept fresh; printable).  The wall gets the
// projector view instead (/class/CODE/screen, ClassScreen.tsx): no figures, no
// controls.  Everything here comes from the dashboard and report endpoints,
// which are built from public views and the tables' logs: never a hand of a
// game still running.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { Qr } from "../ui/Qr";
import { api, ApiError, byNumber, classErrorText, saved, type ClassOptions, type Dashboard, type Report } from "./api";
import { S } from "../strings";
import { C } from "./strings";
import { T } from "./strings.teacher";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { LEVELS, levelText, TableCard } from "./TeacherTables";
import { PrintReport, ReportView } from "./TeacherReport";
import { helpEntries } from "./help";
import "./classroom.css";
import "./teacher.css";

/** How often the view refreshes the tables, and the report while the page is open (ms). */
const BOARD_MS = 1000;
const REPORT_MS = 5000;

/** The dot levels as words on a checkbox each (never symbols alone). */
function DotChoices({ dots, onChange }: { dots: number[]; onChange: (dots: number[]) => void }) {
  return (
    <>
      {[1, 2, 3].map((d) => (
        <label class="check"><input type="checkbox" name={`dots-${d}`} checked={dots.includes(d)}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked ? [...dots, d].sort() : dots.filter((x) => x !== d))} />
          {T.dotLevel(d)}</label>
      ))}
    </>
  );
}

/** The turn timer's bounds in seconds (0 is off); the hub refuses anything else (`class/bad_options`). */
export const TIMER_MIN = 10;
export const TIMER_MAX = 600;

/** Seconds typed for the turn timer, when they are a timer the hub takes (a whole number, 10 to 600); else null. */
export function timerSeconds(typed: string): number | null {
  const n = Number(typed.trim());
  return typed.trim() !== "" && Number.isInteger(n) && n >= TIMER_MIN && n <= TIMER_MAX ? n : null;
}

/**
 * The class's turn timer: off, or a bot plays a student's turn after this many seconds without a
 * move.  The same control on the create form and on the class's page (where `children` sets it).
 */
function TurnTimerField({ id, on, seconds, onOn, onSeconds, small = false, children }: {
  id: string;
  on: boolean;
  seconds: string;
  onOn: (on: boolean) => void;
  onSeconds: (typed: string) => void;
  /** The class's page's smaller field (the create form's fields are full size). */
  small?: boolean;
  children?: ComponentChildren;
}) {
  return (
    <fieldset class="teacher-timer" aria-describedby={`${id}-explain`} data-testid={id}>
      <legend>{T.timerTitle}</legend>
      <div class="teacher-timer-row">
        <label class="check"><input type="checkbox" name="turn_timer_on" checked={on}
          onChange={(e) => onOn((e.target as HTMLInputElement).checked)} />{T.timerOn}</label>
        <label class="teacher-timer-seconds">
          <input class={small ? "input input-small" : "input"} name="turn_timer_s" type="number" inputMode="numeric" min={TIMER_MIN} max={TIMER_MAX} step={1}
            value={seconds} disabled={!on} aria-label={T.timerSecondsLabel}
            onInput={(e) => onSeconds((e.target as HTMLInputElement).value)} />
          {T.timerSeconds}
        </label>
        {children}
      </div>
      <p class="teacher-explain" id={`${id}-explain`}>{T.timerExplain}</p>
    </fieldset>
  );
}

function CreateClass({ onCreated }: { onCreated: (code: string, token: string) => void }) {
  const [options, setOptions] = useState<ClassOptions>({
    game: "splittissimo", level: "standard", dots: [1, 2, 3], table_size: 3, reaction_ms: 0, bots: true, hints: "unlimited", retention_days: 30, adapt_levels: false, help_idle_s: 60,
  });
  const [error, setError] = useState<string | null>(null);
  // the turn timer: off by default; its seconds are kept as typed (an emptied field stays empty while typing)
  const [timerOn, setTimerOn] = useState(false);
  const [timerTyped, setTimerTyped] = useState("60");
  // (from the newest options: two quick edits before a render must not undo the first)
  const set = (change: Partial<ClassOptions>) => setOptions((now) => ({ ...now, ...change }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const timer = timerOn ? timerSeconds(timerTyped) : 0;
    if (timer === null) {
      setError(T.timerRange);
      return;
    }
    try {
      // off is the hub's default: only a timer that runs is sent
      const created = await api.create(timer ? { ...options, turn_timer_s: timer } : options);
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
      <p class="teacher-explain">{T.otherDeviceOnCreate}</p>
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
        <fieldset class="teacher-dots-form"><legend>{C.dots}</legend>
          <DotChoices dots={options.dots} onChange={(dots) => set({ dots })} />
          <p class="teacher-explain" id="dots-explain">{T.dotsExplain}</p>
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
        <label class="check"><input type="checkbox" name="adapt_levels" checked={Boolean(options.adapt_levels)}
          onChange={(e) => set({ adapt_levels: (e.target as HTMLInputElement).checked })} />{T.adaptAuto}</label>
        <label>{T.helpAfter}
          <input class="input" name="help_idle_s" type="number" min={10} max={600} value={options.help_idle_s ?? 60}
            onInput={(e) => set({ help_idle_s: Math.round(Number((e.target as HTMLInputElement).value)) })} />
        </label>
        <TurnTimerField id="turn-timer-new" on={timerOn} seconds={timerTyped} onOn={setTimerOn} onSeconds={setTimerTyped} />
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

function ClassBoard({ code, token, onGone }: { code: string; token: string; onGone: () => void }) {
  const [board, setBoard] = useState<Dashboard | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  /** When the report on screen was fetched (the page says so: a teacher trusts a fresh report). */
  const [reportAt, setReportAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The level and dots "Apply to all" sends: the class's own until the teacher changes them here. */
  const [levelChosen, setLevel] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  /** A student's personal code, shown here only, until hidden. */
  const [handover, setHandover] = useState<{ name: string; code: string; seconds: number } | null>(null);
  const [dotsChosen, setDots] = useState<number[] | null>(null);
  /** The turn timer being set (shown until the dashboard says so), and seconds typed but not set yet. */
  const [timerWant, setTimerWant] = useState<number | null>(null);
  const [timerTyped, setTimerTyped] = useState<string | null>(null);
  /** The student a bot is asked to play for, while asked; a polite word when there was no turn to play. */
  const [playingFor, setPlayingFor] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const level = levelChosen ?? board?.options?.level ?? "standard";
  const dots = dotsChosen ?? board?.options?.dots ?? [1, 2, 3];
  // Only the newest dashboard answer is drawn, and none while a change is on its way: a poll that
  // left before the teacher's tap would otherwise untick a box the teacher just ticked, for a moment.
  const asked = useRef(0);
  const changing = useRef(0);
  const refresh = async () => {
    const mine = ++asked.current;
    try {
      const fresh = await api.dashboard(code, token);
      if (mine === asked.current && changing.current === 0) setBoard(fresh);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) onGone();
    }
  };
  const refreshReport = async () => {
    try {
      setReport(await api.report(code, token));
      setReportAt(new Date());
    } catch {
      // the next refresh tries again
    }
  };
  useEffect(() => {
    // The report is computed when asked: fetched as the page opens, when it comes back into view, and while it is open.
    refresh();
    refreshReport();
    const a = setInterval(refresh, BOARD_MS);
    const b = setInterval(refreshReport, REPORT_MS);
    const back = () => {
      if (document.visibilityState === "visible") refreshReport();
    };
    document.addEventListener("visibilitychange", back);
    window.addEventListener("focus", back);
    return () => {
      clearInterval(a);
      clearInterval(b);
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("focus", back);
    };
  }, [code, token]);
  const act = (what: () => Promise<unknown>) => async () => {
    setError(null);
    changing.current += 1;
    try {
      await what();
    } catch (err) {
      setError(classErrorText(err));
    } finally {
      changing.current -= 1;
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
  /** Print the report fresh: fetched again first, then the browser's print dialog (teacher.css lays it out). */
  const printReport = async () => {
    await refreshReport();
    requestAnimationFrame(() => window.print());
  };
  const join = board?.join ?? `${location.origin}/class/${code}`;
  const projector = `/class/${code}/screen?lang=${S.lang}`;
  const readOnly = Boolean(board?.closed);
  const adapt = Boolean(board?.options.adapt_levels);
  const tables = byNumber(board?.tables);
  const helpNow = tables.map((t) => ({ number: t.number, entries: helpEntries(t.help) })).filter((t) => t.entries.length > 0);
  // The class's turn timer (0: off), as the dashboard says, or as the teacher just set it.
  const timerNow = board?.options.turn_timer_s ?? 0;
  const lastTimer = useRef(60);
  if (timerNow > 0) lastTimer.current = timerNow;
  useEffect(() => {
    if (timerWant !== null && timerWant === timerNow) setTimerWant(null);
  }, [timerNow, timerWant]);
  const timerShown = timerWant ?? timerNow;
  /** Set the class's turn timer for every table, at once (games in progress too); 0 turns it off. */
  const setTimer = async (seconds: number | null) => {
    if (seconds === null) {
      setError(T.timerRange);
      return;
    }
    setError(null);
    setTimerWant(seconds);
    setTimerTyped(null);
    changing.current += 1;
    try {
      await api.options(code, token, { turn_timer_s: seconds });
    } catch (err) {
      setTimerWant(null);
      // the request holds the timer alone: a refusal of its options is about its seconds
      setError(err instanceof ApiError && err.code === "class/bad_options" ? T.timerRange : classErrorText(err));
    } finally {
      changing.current -= 1;
    }
    refresh();
  };
  /** A bot plays this idle student's turn once; when the turn has already moved on, say so politely. */
  const playTurn = async (id: number, name: string) => {
    setError(null);
    setNotice(null);
    setPlayingFor(id);
    try {
      await api.playTurn(code, token, id);
    } catch (err) {
      if (err instanceof ApiError && err.code === "class/not_their_turn") {
        setNotice(T.notTheirTurn(name));
        if (noticeTimer.current) clearTimeout(noticeTimer.current);
        noticeTimer.current = setTimeout(() => setNotice(null), 15000);
      } else {
        setError(classErrorText(err));
      }
    } finally {
      setPlayingFor(null);
    }
    refresh();
    refreshReport();
  };
  useEffect(() => () => {
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
  }, []);
  /** Students whose new device asks for their seat: on top, in "Needs help now", as well as in the list below. */
  const requests = readOnly ? [] : (board?.students ?? []).filter((s) => s.asks_new_device);
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
  /** Hand a student's seat to the new device that asks, once the teacher says it shows the same number. */
  const handOver = (s: Dashboard["students"][number]) =>
    confirm(C.confirmHandOver(s.name, s.device_check ?? null), C.handOver,
      act(() => api.handOver(code, token, s.id, s.device_check ?? null)));
  return (
    <main class="teacher">
      <header class="teacher-header">
        <div class="teacher-join">
          {/* an ended class takes nobody in: its code names it, nothing says how to join */}
          {!readOnly && <p>{C.joinAt} <strong>{join.replace(/^https?:\/\//, "").replace(/\/class\/.*$/, "/class")}</strong> {C.withCode}</p>}
          <p class="teacher-code" aria-label={C.classCode}>{code}</p>
        </div>
        {!readOnly && <div class="teacher-projector">
          <a class="btn" href={projector} target="_blank" rel="noopener" data-testid="open-projector">{T.openProjector}</a>
          <p class="teacher-explain">{T.projectorHelp}</p>
        </div>}
        {!readOnly && <Qr text={join} label={join} px={140} />}
        <LanguageSwitch compact />
      </header>
      <TeacherLink code={code} token={token} />
      {board?.closed && <p class="class-ended" role="status">{C.ended}</p>}
      {board?.paused && <p class="class-paused" role="status">{T.paused}</p>}
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
        <fieldset class="teacher-dots" aria-describedby="dots-explain-board"><legend>{C.dots}</legend>
          <DotChoices dots={dots} onChange={setDots} />
        </fieldset>
        <button class="btn" onClick={act(() => api.options(code, token, { level, dots }))}>{C.applyAll}</button>
        <label class="check teacher-adapt">
          <input type="checkbox" name="adapt_levels" checked={adapt}
            onChange={(e) => act(() => api.options(code, token, { adapt_levels: (e.target as HTMLInputElement).checked }))()} />
          {T.adaptAuto}
        </label>
        <details class="teacher-explain-more">
          <summary>{T.dotsWhat}</summary>
          <p id="dots-explain-board">{T.dotsExplain}</p>
          <p>{T.adaptAutoHelp}</p>
        </details>
        <form class="teacher-timer-form" noValidate onSubmit={(e) => {
          e.preventDefault();
          setTimer(timerSeconds(timerTyped ?? String(timerShown || lastTimer.current)));
        }}>
          <TurnTimerField id="turn-timer-class" on={timerShown > 0} seconds={timerTyped ?? String(timerShown || lastTimer.current)}
            onOn={(on) => setTimer(on ? timerSeconds(timerTyped ?? String(lastTimer.current)) : 0)}
            onSeconds={setTimerTyped} small>
            <button class="btn" type="submit" disabled={timerShown === 0 || timerTyped === null}>{T.timerSet}</button>
          </TurnTimerField>
        </form>
      </nav>}
      {error && <p class="form-error" role="alert">{error}</p>}
      {!readOnly && (tables.length > 0 || requests.length > 0) && (
        <section class="class-help-now" aria-labelledby="help-now-title" data-testid="help-now">
          <h2 id="help-now-title">{T.helpNow}</h2>
          {notice && <p class="class-notice" role="status">{notice}</p>}
          {helpNow.length === 0 && requests.length === 0 ? <p>{T.nobodyNeedsHelp}</p> : (
            <ul>
              {requests.map((s) => (
                <li class="class-request" data-request={s.id}>
                  {s.table !== null && <><strong>{C.table(s.table)}:</strong> </>}
                  {T.asksNewDevice(s.name, s.device_check ?? null)}{" "}
                  <button class="btn btn-start btn-small" onClick={() => handOver(s)}>{C.handOver}</button>
                </li>
              ))}
              {helpNow.map((t) => t.entries.map((e, i) => {
                // a student idle on their turn: one tap, and a bot plays that turn for them
                const idle = e.reason.reason === "idle" && typeof e.reason.student === "number" ? e.reason.student : null;
                const line = `help-${t.number}-${i}`;
                return (
                  <li class={idle !== null ? "class-help-idle" : undefined} data-reason={e.reason.reason} data-student={e.reason.student}>
                    <span id={line}><strong>{C.table(t.number)}:</strong> {e.text}</span>
                    {idle !== null && (
                      <button class="btn btn-start class-play-turn" aria-describedby={line} disabled={playingFor === idle}
                        onClick={() => playTurn(idle, e.reason.name ?? "")}>{T.playTurn}</button>
                    )}
                  </li>
                );
              }))}
            </ul>
          )}
        </section>
      )}
      <section class="class-tables">
        {tables.map((t) => (
          <TableCard table={t} readOnly={readOnly}
            suggestion={report?.levels?.find((l) => l.table === t.number)}
            onRestart={t.phase === "playing"
              ? () => confirm(C.confirmRestart(t.number), C.restart, act(() => api.restart(code, token, t.number)))
              : act(() => api.restart(code, token, t.number))}
            onLevel={(l) => act(() => api.options(code, token, { level: l }, t.number))()}
            onApplyDots={act(() => api.levels(code, token, t.number))} />
        ))}
      </section>
      {board && !board.closed && board.waiting.length > 0 && (
        <p class="class-waiting"><strong>{C.waiting}:</strong> {board.waiting.join(", ")}</p>
      )}
      <section class="class-students" aria-labelledby="report-title">
        <div class="class-report-head">
          <h2 id="report-title">{C.report} · {C.students} ({board?.students.length ?? 0})</h2>
          {reportAt && <span class="class-updated" data-testid="report-updated">{T.updated(reportAt.toLocaleTimeString())}</span>}
          <button class="btn btn-small" onClick={refreshReport}>{T.refresh}</button>
          <button class="btn btn-small" onClick={printReport}>{T.print}</button>
          <button class="btn btn-small" onClick={downloadCsv}>{C.downloadCsv}</button>
          <button class="btn btn-small" onClick={downloadJson}>{C.downloadJson}</button>
        </div>
        <ReportView report={report} />
        {!readOnly && <ul class="class-roster">
          {(board?.students ?? []).map((s) => (
            <li data-student-id={s.id}>
              <span>{s.name}{s.table !== null ? ` · ${C.table(s.table)}` : ""}</span>
              <select class="input input-small" aria-label={`${C.move}: ${s.name}`} value={String(s.moving_to ?? 0)}
                onChange={(e) => act(() => api.student(code, token, s.id, { table: Number((e.target as HTMLSelectElement).value) }))()}>
                <option value="0">{C.move}…</option>
                {tables.map((t) => <option value={String(t.number)}>{C.table(t.number)}</option>)}
              </select>
              <button class="btn btn-quiet btn-small" onClick={act(async () => {
                const name = prompt(C.rename, s.name);
                if (name) await api.student(code, token, s.id, { name });
              })}>{C.rename}</button>
              {s.asks_new_device && (
                <button class="btn btn-start btn-small" onClick={() => handOver(s)}>{C.handOver}</button>
              )}
              {s.asks_new_device && s.device_check && <span class="device-check-badge">{C.deviceShows(s.device_check)}</span>}
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
          : C.keptFor(board?.options.retention_days ?? 30)}
          {board?.idle_ends_at && !readOnly && <> {C.idleEndsOn(new Date(board.idle_ends_at).toLocaleString())}</>}</p>
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
      <PrintReport code={code} report={report} />
    </main>
  );
}

/**
 * The teacher's own link (`/teacher#class=CODE&token=T`, what `pizzanight class` prints), hidden until asked:
 * a class opened on this page is run from this browser alone unless the teacher can carry it to another device
 * (the audit: a laptop whose battery died left a paused class that nobody could resume). The token is the
 * class's secret, so it is shown only on request, with a warning, never on the projector's page.
 */
export function teacherLink(code: string, token: string): string {
  return `${location.origin}/teacher#class=${encodeURIComponent(code)}&token=${encodeURIComponent(token)}`;
}

function TeacherLink({ code, token }: { code: string; token: string }) {
  const [copied, setCopied] = useState(false);
  const link = teacherLink(code, token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      // no clipboard (an insecure page, an old browser): the link is there to select by hand
    }
  };
  return (
    <details class="teacher-link" data-testid="teacher-link">
      <summary>{T.otherDevice}</summary>
      <p class="teacher-explain">{T.otherDeviceHelp}</p>
      <div class="teacher-link-row">
        <Qr text={link} label={T.teacherLink} px={160} />
        <div class="teacher-link-text">
          <label>{T.teacherLink}
            <input class="input" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </label>
          <button class="btn" type="button" onClick={copy}>{copied ? T.copied : T.copyLink}</button>
        </div>
      </div>
    </details>
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
  // the teacher link pasted into a tab already on /teacher changes only the address's #part, which loads nothing
  useEffect(() => {
    const adopt = () => {
      adoptFromAddress();
      setMine(saved.get("teacher"));
    };
    addEventListener("hashchange", adopt);
    return () => removeEventListener("hashchange", adopt);
  }, []);
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
