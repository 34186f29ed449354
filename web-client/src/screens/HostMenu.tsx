// Every host control in one menu, kept out of sight of the room until
// needed: one small "Host" button opens it.  The host phone (issue 24) and,
// when no phone hosts, the TV show the same menu: a sheet on a phone, a
// dialog on the TV, in two tabs.  "Players": extra time, a bot for a seat
// (and back), a new phone for a lost one, make host, remove.  "Room": the
// next game, the turn timer, stand-ins, lock, add a bot, end the room.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Lobby, LobbyPlayer } from "../net/wire";
import { S } from "../strings";
import { PlayerChip } from "../ui/common";
import type { HostActions } from "./hostActions";
import { seatAction, timerChoices, timerPreset } from "./hostControls";
import { ReplayDownload } from "../replay/ReplayDownload";
import { ReclaimButton, ReclaimShown, canReclaim, useReclaim } from "./Reclaim";
import { gamesOf, playingCount } from "../games/catalog";
import { isHuman, presenceOf } from "../ui/presence";
import { authorityOf } from "../ui/authority";
import { focusOn, useModalFocus } from "../ui/focus";
import { groupStep } from "../ui/spatial";

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
 * Focus the dialog when it opens (its control marked `data-autofocus`, else
 * itself), keep Tab inside it while it is open, close it on Escape (with the
 * newest callback, which knows whether a confirmation is showing), and give
 * focus back to the button that opened it (or, when that button has gone,
 * into the dialog behind: the host menu after "Yes, remove").
 */
export function useDialog(onClose: () => void) {
  const ref = useModalFocus<HTMLDivElement>();
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === "Escape" && latest.current();
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, []);
  return ref;
}

/** A yes/no question before something that cannot be undone, with a clear way out. */
export function Confirm({ text, yes, no, onYes, onCancel }: { text: string; yes: string; no: string; onYes: () => void; onCancel: () => void }) {
  const ref = useDialog(onCancel);
  return (
    <div class="dialog-backdrop dialog-center">
      <div class="dialog confirm-end" role="alertdialog" aria-modal="true" aria-labelledby="confirm-q" tabIndex={-1} ref={ref}>
        <p id="confirm-q" class="confirm-text">
          {text}
        </p>
        <div class="row">
          <button class="btn btn-danger" onClick={onYes}>
            {yes}
          </button>
          {/* focus starts on the way out, never on the step that cannot be undone */}
          <button class="btn" data-autofocus onClick={onCancel}>
            {no}
          </button>
        </div>
      </div>
    </div>
  );
}

/** "End the room for everyone?" */
export function ConfirmEnd({ host, onCancel }: { host: HostActions; onCancel: () => void }) {
  return <Confirm text={S.endRoomConfirm} yes={S.endRoomYes} no={S.keepPlaying} onYes={() => host.op("close")} onCancel={onCancel} />;
}

/** "Stop this game for everyone?": back to the lobby with the same players (`end_game`). */
export function ConfirmStopGame({ host, onStopped, onCancel }: { host: HostActions; onStopped: () => void; onCancel: () => void }) {
  return (
    <Confirm
      text={S.stopGameConfirm}
      yes={S.stopGameYes}
      no={S.keepPlaying}
      onYes={() => {
        host.op("end_game");
        onStopped();
      }}
      onCancel={onCancel}
    />
  );
}

/** "Remove Ana from the room?" */
export function ConfirmRemove({ host, player, onDone }: { host: HostActions; player: LobbyPlayer; onDone: () => void }) {
  return (
    <Confirm
      text={S.removeConfirm(player.name)}
      yes={S.removeYes}
      no={S.cancel}
      onYes={() => {
        host.op("remove", { player: player.id });
        onDone();
      }}
      onCancel={onDone}
    />
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

/** The players the menu lists: people and bots, in seat order during a game, then the others by when they joined. */
export function menuRows(players: readonly LobbyPlayer[]): LobbyPlayer[] {
  const key = (p: LobbyPlayer) => (p.seat ?? 1e6) * 1e6 + p.id;
  return [...players].sort((a, b) => key(a) - key(b));
}

/** One person's (or bot's) row: their chip, then what the host can do for them. */
function PersonRow({
  player,
  lobby,
  host,
  me,
  ask,
  onRemove,
}: {
  player: LobbyPlayer;
  lobby: Lobby;
  host: HostActions;
  me: number | null;
  ask: ((p: LobbyPlayer) => void) | null;
  onRemove: (p: LobbyPlayer) => void;
}) {
  const playing = lobby.phase === "playing";
  const seated = player.seat !== null;
  const human = isHuman(player);
  const self = player.id === me;
  const action = seatAction(player);
  const presence = presenceOf(player);
  const hostId = authorityOf(lobby).player;
  // A seat stuck on someone gone, with no stand-in: the host's first thing to do.
  const stuck = presence !== "connected" && !player.stand_in && player.bot === null;
  return (
    <li class="seat-row">
      <PlayerChip player={player}>{self && <span class="chip-tag">{S.you}</span>}</PlayerChip>
      <div class="seat-actions">
        {playing && seated && human && (
          <button
            class={`btn btn-small ${player.extra_time ? "btn-start" : "btn-quiet"}`}
            aria-pressed={Boolean(player.extra_time)}
            aria-label={S.extraTimeFor(player.name)}
            onClick={() => host.op(player.extra_time ? "normal_time" : "extra_time", { player: player.id })}
          >
            {S.extraTime}
          </button>
        )}
        {playing && seated && action === "hand_to_bot" && !player.stand_in && (
          <button
            class={`btn btn-small ${stuck ? "btn-start" : ""}`}
            aria-label={S.letBotPlayFor(player.name)}
            onClick={() => host.op("hand_to_bot", { player: player.id })}
          >
            {S.letBotPlay}
          </button>
        )}
        {playing && seated && action === "take_back" && (
          <button class="btn btn-small btn-start" aria-label={S.giveBackTo(player.name)} onClick={() => host.op("take_back", { player: player.id })}>
            {S.giveBack}
          </button>
        )}
        {ask && !self && canReclaim(player) && <ReclaimButton player={player} ask={ask} />}
        {human && !self && presence === "connected" && player.id !== hostId && authorityOf(lobby).kind !== "class" && (
          <button class="btn btn-small btn-quiet" aria-label={S.makeHostFor(player.name)} onClick={() => host.op("name_host_phone", { player: player.id })}>
            {S.makeHost}
          </button>
        )}
        {!self && (
          <button class="btn btn-small btn-quiet" aria-label={S.removePlayer(player.name)} onClick={() => onRemove(player)}>
            {S.remove}
          </button>
        )}
      </div>
    </li>
  );
}

/** The "Players" tab. */
function PeopleTab({ lobby, host, me, asking }: { lobby: Lobby; host: HostActions; me: number | null; asking: (p: LobbyPlayer) => void }) {
  const { shown, back, ask, done } = useReclaim(host.reclaim, lobby.players);
  const rows = menuRows(lobby.players);
  return (
    <section aria-labelledby="seats-title">
      <h3 id="seats-title" class="sr-only">
        {S.seatsTitle}
      </h3>
      {shown && <ReclaimShown shown={shown} back={back} onDone={done} room={host.room} />}
      {rows.length === 0 && <p class="hint-text">{S.noPlayersYet}</p>}
      <ul class="seat-rows">
        {rows.map((p) => (
          <PersonRow key={p.id} player={p} lobby={lobby} host={host} me={me} ask={ask} onRemove={asking} />
        ))}
      </ul>
    </section>
  );
}

/** Bots play the turns of someone whose phone has been gone a while (on by default). */
export function StandInsField({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const on = lobby.stand_ins ?? true;
  return (
    <div class="option">
      <label class="option-bool" for="stand-ins">
        {/* what the box now says, not what the room said before: a second click before the room's answer asks the other way */}
        <input
          id="stand-ins"
          type="checkbox"
          checked={on}
          aria-describedby="stand-ins-help"
          onChange={(e) => host.op(e.currentTarget.checked ? "allow_stand_ins" : "no_stand_ins")}
        />
        <span>{S.standIns}</span>
      </label>
      <p id="stand-ins-help" class="hint-text option-help">
        {S.standInsHelp}
      </p>
    </div>
  );
}

/** The "Room" tab. */
function RoomTab({
  lobby,
  host,
  where,
  finished,
  onEnd,
  onStop,
}: {
  lobby: Lobby;
  host: HostActions;
  where: "tv" | "phone";
  finished: boolean;
  onEnd: () => void;
  onStop: () => void;
}) {
  const selected = gamesOf(lobby).find((g) => g.id === lobby.game) ?? null;
  const bots = selected?.bots ?? ["random"];
  const full = selected ? playingCount(lobby) >= selected.max_players : false;
  return (
    <section aria-label={S.tabRoom} class="room-tab">
      {finished && (
        <div class="row">
          <button class="btn btn-start" onClick={() => host.op("play_again", {}, () => host.op("start"))}>
            {S.playAgain}
          </button>
          <button class="btn" onClick={() => host.op("play_again")}>
            {S.changeGame}
          </button>
        </div>
      )}
      <TurnTimerField lobby={lobby} host={host} />
      {authorityOf(lobby).kind !== "class" && <StandInsField lobby={lobby} host={host} />}
      <div class="row">
        {lobby.phase !== "playing" && (
          <button class="btn btn-small" disabled={full} onClick={() => host.op("add_bot", { bot: bots.includes("strong") ? "strong" : bots[bots.length - 1] })}>
            {S.addBot}
          </button>
        )}
        <button class="btn btn-small btn-quiet" aria-pressed={lobby.locked} onClick={() => host.op(lobby.locked ? "unlock" : "lock")}>
          {lobby.locked ? S.unlock : S.lock}
        </button>
        <ReplayDownload playing={lobby.phase === "playing"} room={host.room} from={where} />
        {lobby.phase === "playing" && !finished && (
          <button class="btn btn-small btn-danger-quiet" onClick={onStop}>
            {S.stopGame}
          </button>
        )}
        <button class="btn btn-small btn-danger-quiet" onClick={onEnd}>
          {S.endRoom}
        </button>
      </div>
    </section>
  );
}

type Tab = "people" | "room";

function MenuDialog({
  lobby,
  host,
  where,
  me,
  finished,
  onClose,
}: {
  lobby: Lobby;
  host: HostActions;
  where: "tv" | "phone";
  me: number | null;
  finished: boolean;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>(finished ? "room" : "people");
  const [ending, setEnding] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [removing, setRemoving] = useState<LobbyPlayer | null>(null);
  const asking = ending || stopping || removing !== null;
  const ref = useDialog(() => (asking ? (setEnding(false), setStopping(false), setRemoving(null)) : onClose()));
  // a tab list: one Tab stop (the selected tab); left and right move to the other tab and show it
  const order: Tab[] = ["people", "room"];
  const tabKey = (e: KeyboardEvent) => {
    const list = (e.currentTarget as HTMLElement).closest("[role=tablist]");
    const items = [...(list?.querySelectorAll<HTMLElement>("[role=tab]") ?? [])];
    const to = groupStep(e, items, order.indexOf(tab));
    if (to === null) return;
    e.preventDefault();
    setTab(order[to]);
    focusOn(items[to]);
  };
  const tabButton = (id: Tab, label: string) => (
    <button
      role="tab"
      id={`host-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`host-panel-${id}`}
      class={`tab ${tab === id ? "tab-on" : ""}`}
      tabIndex={tab === id ? 0 : -1}
      data-autofocus={tab === id ? true : undefined}
      onClick={() => setTab(id)}
      onKeyDown={tabKey}
    >
      {label}
    </button>
  );
  return (
    <div class={`dialog-backdrop ${where === "tv" ? "dialog-center" : "dialog-sheet"}`} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class={`dialog host-menu host-menu-${where}`} role="dialog" aria-modal="true" aria-labelledby="host-menu-title" tabIndex={-1} ref={ref}>
        <div class="host-menu-head">
          <h2 id="host-menu-title">{S.hostMenuTitle}</h2>
          <button class="btn btn-small" onClick={onClose}>
            {S.closeMenu}
          </button>
        </div>
        <div class="tabs" role="tablist" aria-label={S.hostMenuTitle}>
          {tabButton("people", S.tabPlayers)}
          {tabButton("room", S.tabRoom)}
        </div>
        <div role="tabpanel" id={`host-panel-${tab}`} aria-labelledby={`host-tab-${tab}`} class="host-menu-panel">
          {tab === "people" ? (
            <PeopleTab lobby={lobby} host={host} me={me} asking={setRemoving} />
          ) : (
            <RoomTab lobby={lobby} host={host} where={where} finished={finished} onEnd={() => setEnding(true)} onStop={() => setStopping(true)} />
          )}
        </div>
      </div>
      {ending && <ConfirmEnd host={host} onCancel={() => setEnding(false)} />}
      {stopping && (
        <ConfirmStopGame
          host={host}
          onStopped={() => {
            setStopping(false);
            onClose(); // the room goes back to its lobby: nothing left to do in this menu
          }}
          onCancel={() => setStopping(false)}
        />
      )}
      {removing && <ConfirmRemove host={host} player={removing} onDone={() => setRemoving(null)} />}
    </div>
  );
}

/**
 * The small "Host" button (the TV's game header when the TV hosts; the host
 * phone's header always), and the menu it opens.  `me`: the host phone's own
 * player (not offered to remove or to hand over).
 */
export function HostMenu({
  lobby,
  host,
  where = "tv",
  me = null,
  finished = false,
  main = false,
}: {
  lobby: Lobby;
  host: HostActions;
  where?: "tv" | "phone";
  me?: number | null;
  finished?: boolean;
  /** The screen's main control (the TV during a game): focused when the game starts. */
  main?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const waiting = lobby.players.filter((p) => isHuman(p) && p.id !== me && presenceOf(p) === "absent" && !p.stand_in && p.bot === null).length;
  const handed = lobby.players.filter((p) => seatAction(p) === "take_back").length;
  const badge = waiting || handed;
  return (
    <>
      <button class="btn btn-quiet btn-small host-menu-btn" aria-haspopup="dialog" aria-expanded={open} data-main={main || undefined} onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰</span> {S.hostMenu}
        <span class="sr-only">{S.hostMenuMore}</span>
        {badge > 0 && (
          <span class="badge" title={waiting ? S.absentCount(waiting) : S.handedCount(handed)}>
            {badge}
            <span class="sr-only">{` (${waiting ? S.absentCount(waiting) : S.handedCount(handed)})`}</span>
          </span>
        )}
      </button>
      {open && <MenuDialog lobby={lobby} host={host} where={where} me={me} finished={finished} onClose={() => setOpen(false)} />}
    </>
  );
}

/** People whose seat waits on a phone gone past the grace, with no bot playing it (stand-ins are off). */
export function stuckSeats(lobby: Lobby): LobbyPlayer[] {
  if (lobby.phase !== "playing") return [];
  return lobby.players.filter((p) => isHuman(p) && p.seat !== null && presenceOf(p) === "absent" && !p.stand_in && p.bot === null);
}

/**
 * On the host phone, outside the menu: "Noah's phone is gone" with "Let a bot
 * play for Noah", while the room has stand-ins off and the game would wait.
 */
export function StuckOffer({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const stuck = stuckSeats(lobby);
  if (stuck.length === 0) return null;
  return (
    <div class="stuck-offer" role="status">
      {stuck.map((p) => (
        <p key={p.id} class="row">
          <span>{S.phoneGone(p.name)}</span>
          <button class="btn btn-small btn-start" onClick={() => host.op("hand_to_bot", { player: p.id })}>
            {S.letBotPlayFor(p.name)}
          </button>
        </p>
      ))}
    </div>
  );
}
