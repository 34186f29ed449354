// A student's class page (/class/CODE): join with a name once, then play at whatever table the
// class seats them, phones only: the table's public view above their own hand.  The class token
// is kept, so a reload comes back to the same table and hand.
import { useEffect, useState } from "preact/hooks";
import { newSeatToken, TokenStore } from "../net/tokens";
import { Joined } from "../screens/PhoneScreen";
import { normaliseClassCode } from "../route";
import { api, ApiError, classErrorText, saved, type Seat } from "./api";
import { C } from "./strings";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import "./classroom.css";

/** How often a waiting phone asks where it plays (ms). */
const POLL_MS = 2000;

const joinKey = (code: string) => `pizzanight:class-join:${code}`;

/**
 * This device's own class token for joining class `code`, made once and kept (a reload included)
 * until a join is answered: a join whose answer was lost, tried again, is the same student.
 */
function joinToken(code: string): string {
  try {
    const kept = localStorage.getItem(joinKey(code));
    if (kept) return kept;
    const made = newSeatToken();
    localStorage.setItem(joinKey(code), made);
    return made;
  } catch {
    return newSeatToken(); // no storage (a private window): this try's own
  }
}

function JoinClass({ code, onJoined }: { code: string | null; onJoined: (code: string, token: string) => void }) {
  const [codeText, setCode] = useState(code ?? "");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** The personal code a student on a new device types (shown only on the teacher's device). */
  const [personal, setPersonal] = useState<string | null>(null);
  /** This device's request for a taken name's seat, which the teacher may hand over. */
  const [waitingOn, setWaitingOn] = useState<{ code: string; secret: string; name: string; check: string | null } | null>(null);
  useEffect(() => {
    if (!waitingOn) return;
    const timer = setInterval(async () => {
      try {
        const handed = await api.waiting(waitingOn.code, waitingOn.secret);
        if (!handed) return;
        clearInterval(timer);
        saved.set(`class:${waitingOn.code}`, { code: waitingOn.code, token: handed.token, name: handed.name });
        onJoined(waitingOn.code, handed.token);
      } catch {
        clearInterval(timer); // expired, or handed to another device: the form stays
        setWaitingOn(null);
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waitingOn?.secret]);
  const submit = async (e: Event) => {
    e.preventDefault();
    const c = normaliseClassCode(codeText);
    if (!c) return setError(C.noClass);
    try {
      const own = joinToken(c);
      const joined = await api.join(c, name.trim(), own, personal?.trim() || undefined);
      const token = joined.token ?? own; // none: the class kept this device's own
      saved.set(`class:${c}`, { code: c, token, name: joined.name });
      localStorage.removeItem(joinKey(c));
      onJoined(c, token);
    } catch (err) {
      setError(classErrorText(err));
      // A name already in the class may be this student on a new device: offer the teacher's code,
      // and wait for the teacher to hand the seat to this device from the teacher's screen.
      if (err instanceof ApiError && err.code === "class/name_taken") {
        if (personal === null) setPersonal("");
        if (err.request) setWaitingOn({ code: c, secret: err.request, name: name.trim(), check: err.check });
      }
    }
  };
  return (
    <main class="join">
      <h1>{C.classTitle}</h1>
      <form class="join-form" onSubmit={submit} aria-labelledby="class-join-title">
        <h2 id="class-join-title">{C.joinClass}</h2>
        <label for="class-code">{C.classCode}</label>
        <input id="class-code" class="input input-code" value={codeText} maxLength={6} autoCapitalize="characters"
          onInput={(e) => setCode((e.target as HTMLInputElement).value.toUpperCase())} />
        <label for="class-name">{C.yourName}</label>
        <input id="class-name" class="input" value={name} maxLength={16} autoComplete="nickname"
          onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        {personal !== null && (
          <>
            <label for="class-personal">{C.personalCode}</label>
            <input id="class-personal" class="input input-code" value={personal} maxLength={8} autoCapitalize="characters"
              onInput={(e) => setPersonal((e.target as HTMLInputElement).value.toUpperCase())} />
          </>
        )}
        {error && <p class="form-error" role="alert">{error}</p>}
        {waitingOn && (
          <p class="hint-text" role="status">
            {C.askTeacher(waitingOn.name)}
            {waitingOn.check && <> {C.showTeacherCheck} <strong class="device-check">{waitingOn.check}</strong></>}
          </p>
        )}
        <button class="btn btn-start" type="submit">{C.join}</button>
        {personal === null && (
          <button class="btn btn-quiet" type="button" onClick={() => setPersonal("")}>{C.haveCode}</button>
        )}
      </form>
      <LanguageSwitch />
    </main>
  );
}

export function ClassPhone({ code }: { code: string | null }) {
  const [me, setMe] = useState(() => (code ? saved.get(`class:${code}`) : null));
  const [seat, setSeat] = useState<Seat | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!me) return;
    let stopped = false;
    const ask = async () => {
      try {
        const next = await api.me(me.code, me.token);
        if (stopped) return;
        if (next.room && next.seat_token) {
          new TokenStore().setSeat(next.room, { room: next.room, token: next.seat_token, name: next.name });
        }
        setSeat((old) => (old && old.room === next.room && old.name === next.name && old.paused === next.paused && old.waiting === next.waiting && old.closed === next.closed ? old : next));
      } catch (err) {
        // Removed, deleted, or this seat moved to the student's new device (class/seat_moved): back to the join form.
        if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
          saved.set(`class:${me.code}`, null);
          setError(classErrorText(err));
          setMe(null);
        }
      }
    };
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [me?.token]);
  if (!me) {
    return (
      <div class="screen phone">
        {error && <p class="form-error" role="alert">{error}</p>}
        <JoinClass code={code} onJoined={(c, token) => {
          if (location.pathname !== `/class/${c}`) history.replaceState(null, "", `/class/${c}`);
          setMe({ code: c, token });
        }} />
      </div>
    );
  }
  if (!seat || !seat.room || seat.closed) {
    return (
      <div class="screen phone">
        <main class="splash class-wait">
          <h1>{seat?.name ?? me.name ?? C.classTitle}</h1>
          {seat?.closed
            ? <p class="class-ended-phone" role="status">{C.classEnded}</p>
            : <p>{seat?.waiting === "classmate" ? C.waitingForClassmate : C.waitingForTeacher}</p>}
          <LanguageSwitch />
        </main>
      </div>
    );
  }
  return (
    <>
    {seat.paused && <p class="class-paused class-paused-phone" role="status">{C.paused}</p>}
    <Joined
      key={seat.room}
      identity={{ role: "player", room: seat.room, name: seat.name }}
      phoneOnly
      classCode={me.code}
      paused={seat.paused}
      onLeave={() => setSeat(null)}
    />
    </>
  );
}
