// The host's less frequent controls on the TV, kept out of sight of the room
// until needed: one small "Host" button opens a menu to let a bot play a
// person's seat (and give it back), set the turn timer and end the room.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Lobby } from "../net/wire";
import { S } from "../strings";
import { PlayerChip } from "../ui/common";
import type { HostActions } from "./Lobby";
import { seatAction, seatRows, timerChoices, timerPreset } from "./hostControls";
import { ReplayDownload } from "../replay/ReplayDownload";
import { ReclaimButton, ReclaimShown, canReclaim, useReclaim } from "./Reclaim";

/** The label of one turn-timer choice: Off, Quick, Normal, Extended (with its seconds). */
function timerLabel(seconds: number): string {
  const preset = timerPreset(seconds);
  if (preset === "off") return S.timerOff;
  if (preset === null) return S.timerSeconds(seconds);
  return S.timerPreset(S[`timer_${preset}` as const], seconds);
}

/** Off / Quick / Normal / Extended, as one radio group. */
export function TurnTimerField({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const now = lobby.turn_timer ?? 0;
  return (
    <fieldset class="option turn-timer">
      <legend>{S.turnTimer}</legend>
      <div class="timer-row">
        <div class="segmented wrap" role="radiogroup" aria-label={S.turnTimer} aria-describedby="turn-timer-help">
          {timerChoices(now).map((s) => (
            <label key={s} class={`seg ${s === now ? "seg-on" : ""}`}>
              <input type="radio" name="turn-timer" checked={s === now} onChange={() => host.op("turn_timer", { seconds: s })} />
              <span>{timerLabel(s)}</span>
            </label>
          ))}
        </div>
        <p id="turn-timer-help" class="hint-text option-help">
          {S.turnTimerHelp}
        </p>
      </div>
    </fieldset>
  );
}

/**
 * Focus the dialog when it opens, close it on Escape (with the newest
 * callback, which knows whether a confirmation is showing), and give focus
 * back to the button that opened it.
 */
function useDialog(onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const key = (e: KeyboardEvent) => e.key === "Escape" && latest.current();
    addEventListener("keydown", key);
    return () => {
      removeEventListener("keydown", key);
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);
  return ref;
}

/** "End the room for everyone?" with a clear way out. */
export function ConfirmEnd({ host, onCancel }: { host: HostActions; onCancel: () => void }) {
  const ref = useDialog(onCancel);
  return (
    <div class="dialog-backdrop dialog-center">
      <div class="dialog confirm-end" role="alertdialog" aria-modal="true" aria-labelledby="end-room-q" tabIndex={-1} ref={ref}>
        <p id="end-room-q" class="confirm-text">
          {S.endRoomConfirm}
        </p>
        <div class="row">
          <button class="btn btn-danger" onClick={() => host.op("close")}>
            {S.endRoomYes}
          </button>
          <button class="btn" onClick={onCancel}>
            {S.keepPlaying}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A quiet "End the room" button that asks first. */
export function EndRoomButton({ host }: { host: HostActions }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button class="btn btn-quiet" onClick={() => setAsking(true)}>
        {S.endRoom}
      </button>
      {asking && <ConfirmEnd host={host} onCancel={() => setAsking(false)} />}
    </>
  );
}

function Seats({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const rows = seatRows(lobby.players, lobby.phase !== "lobby");
  const { shown, ask, done } = useReclaim(host.reclaim);
  return (
    <section aria-labelledby="seats-title">
      <h3 id="seats-title">{S.seatsTitle}</h3>
      {rows.length === 0 && <p class="hint-text">{S.noHumanSeats}</p>}
      <ul class="seat-rows">
        {rows.map((p) => {
          const action = seatAction(p)!;
          return (
            <li key={p.id} class="seat-row">
              <PlayerChip player={p} />
              <button
                class={`btn btn-small ${p.extra_time ? "btn-start" : "btn-quiet"}`}
                aria-pressed={Boolean(p.extra_time)}
                aria-label={S.extraTimeFor(p.name)}
                onClick={() => host.op(p.extra_time ? "normal_time" : "extra_time", { player: p.id })}
              >
                {S.extraTime}
              </button>
              {ask && canReclaim(p) && <ReclaimButton player={p} ask={ask} />}
              {action === "hand_to_bot" ? (
                <button class="btn btn-small" aria-label={S.letBotPlayFor(p.name)} onClick={() => host.op("hand_to_bot", { player: p.id })}>
                  {S.letBotPlay}
                </button>
              ) : (
                <button class="btn btn-small btn-start" aria-label={S.giveBackTo(p.name)} onClick={() => host.op("take_back", { player: p.id })}>
                  {S.giveBack}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {shown && <ReclaimShown shown={shown} onDone={done} />}
    </section>
  );
}

function MenuDialog({ lobby, host, onClose }: { lobby: Lobby; host: HostActions; onClose: () => void }) {
  const [ending, setEnding] = useState(false);
  const ref = useDialog(() => (ending ? setEnding(false) : onClose()));
  return (
    <div class="dialog-backdrop dialog-center" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="dialog host-menu" role="dialog" aria-modal="true" aria-labelledby="host-menu-title" tabIndex={-1} ref={ref}>
        <h2 id="host-menu-title">{S.hostMenuTitle}</h2>
        <Seats lobby={lobby} host={host} />
        <TurnTimerField lobby={lobby} host={host} />
        <div class="row host-menu-foot">
          <ReplayDownload />
          <button class="btn btn-quiet" onClick={() => setEnding(true)}>
            {S.endRoom}
          </button>
          <button class="btn" onClick={onClose}>
            {S.closeMenu}
          </button>
        </div>
      </div>
      {ending && <ConfirmEnd host={host} onCancel={() => setEnding(false)} />}
    </div>
  );
}

/** The small "Host" button in the TV's game header, and the menu it opens. */
export function HostMenu({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const [open, setOpen] = useState(false);
  const handed = lobby.players.filter((p) => seatAction(p) === "take_back").length;
  return (
    <>
      <button class="btn btn-quiet btn-small host-menu-btn" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰</span> {S.hostMenu}
        <span class="sr-only">{S.hostMenuMore}</span>
        {handed > 0 && (
          <span class="badge" title={S.handedCount(handed)}>
            {handed}
            <span class="sr-only">{` (${S.handedCount(handed)})`}</span>
          </span>
        )}
      </button>
      {open && <MenuDialog lobby={lobby} host={host} onClose={() => setOpen(false)} />}
    </>
  );
}
