// Who is in charge of a room, as every screen says it (issue 24).  The hub
// sends `lobby.authority`; older hubs only `host_phone`, from which the same
// answer follows.  Pure functions of the lobby, so the TV, the phones and the
// watch page can never disagree about it.
import type { Authority, Lobby, LobbyPlayer, StateFrame } from "../net/wire";
import { S } from "../strings";

/** The room's authority: the hub's, else a phone when one is named, else the TV. */
export function authorityOf(lobby: Lobby): Authority {
  if (lobby.authority) return lobby.authority;
  return lobby.host_phone != null ? { kind: "phone", player: lobby.host_phone } : { kind: "tv", player: null };
}

/** The player whose phone hosts, if one does (and is still in the room). */
export function hostPlayer(lobby: Lobby): LobbyPlayer | null {
  const a = authorityOf(lobby);
  if (a.kind !== "phone" || a.player === null) return null;
  return lobby.players.find((p) => p.id === a.player) ?? null;
}

/** Whether the TV hosts (no phone does): only then does it show its host menu and its ✕ buttons. */
export function tvHosts(lobby: Lobby): boolean {
  return authorityOf(lobby).kind === "tv";
}

/** Whether this phone is the room's host phone. */
export function isHostPhone(state: StateFrame): boolean {
  const a = authorityOf(state.lobby);
  return a.kind === "phone" && state.you.player != null && a.player === state.you.player;
}

export type Viewer = "tv" | "phone" | "watch";

/**
 * The one line that says who is in charge, for this screen: "Bo hosts from
 * their phone" (TV, watch), "Bo is the host" / "You are the host" (phones),
 * "The TV hosts this room", "The teacher runs this table".
 */
export function authorityText(lobby: Lobby, viewer: Viewer, me: number | null = null): string {
  const a = authorityOf(lobby);
  if (a.kind === "class") return S.teacherRuns;
  if (a.kind === "tv") return lobby.no_tv ? S.nobodyHosts : S.tvHostsRoom;
  if (viewer === "phone" && me !== null && a.player === me) return S.youHost;
  const name = hostPlayer(lobby)?.name;
  if (!name) return lobby.no_tv ? S.nobodyHosts : S.tvHostsRoom;
  return viewer === "phone" ? S.isHost(name) : S.hostsFromPhone(name);
}

/** What a phone that does not host says while the room waits for a game: who starts it. */
export function startsNextText(lobby: Lobby): string {
  const a = authorityOf(lobby);
  if (a.kind === "class") return S.teacherStartsNext;
  const name = hostPlayer(lobby)?.name;
  if (a.kind === "phone" && name) return S.startsNext(name);
  return lobby.no_tv ? S.nobodyHosts : S.waitingForHost;
}
