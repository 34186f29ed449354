// The room's public announcements (issue 24, `lobby.notices`): which ones a
// screen has not shown yet, and their words.  The hub keeps the last few,
// each stamped with the room version `n` it happened at; a screen shows each
// `n` once.  A screen that opens (or reloads) does not replay the ones it
// finds there: they are news only to the screens that were watching.
import type { Lobby, Notice } from "../net/wire";
import { S } from "../strings";

/** The notices that say a bot moved for a player: a stand-in, the turn timer's, a class teacher's "play this turn". */
export const BOT_MOVED_NOTICES: ReadonlySet<string> = new Set(["stand_in", "timed_out", "played_for"]);

export class NoticeTracker {
  /** The newest `n` already shown (or found on opening); null until the first lobby. */
  private seen: number | null = null;

  /** The notices of this lobby that are news to this screen, oldest first (each returned once). */
  take(notices: readonly Notice[] | undefined): Notice[] {
    const list = notices ?? [];
    const newest = list.reduce((m, x) => Math.max(m, x.n), -1);
    if (this.seen === null) {
      this.seen = newest;
      return [];
    }
    const fresh = list.filter((x) => x.n > this.seen!);
    this.seen = Math.max(this.seen, newest);
    return fresh;
  }
}

/**
 * A notice in words, in the language in use.  `me` is this phone's player:
 * news about oneself reads "You are now the host", not one's own name.
 */
export function noticeText(notice: Notice, me: number | null = null): string {
  const you = me !== null && notice.player === me;
  switch (notice.kind) {
    case "seat_moved":
      if (notice.by === "teacher") return S.noticeSeatMovedTeacher(notice.name);
      return notice.by ? S.noticeSeatMovedBy(notice.name, notice.by) : S.noticeSeatMovedTv(notice.name);
    case "host_changed":
      return you ? S.noticeYouHost : S.noticeHostChanged(notice.name);
    case "stand_in":
      return S.noticeStandIn(notice.name);
    case "back":
      return you ? S.noticeYouBack : S.noticeBack(notice.name);
    case "timed_out":
      return you ? S.noticeYouTimedOut : S.noticeTimedOut(notice.name);
    case "game_stopped":
      return you ? S.noticeYouStoppedGame : S.noticeGameStopped(notice.name);
    case "played_for":
      return you ? S.noticeYouPlayedFor : S.noticePlayedFor(notice.name);
    case "removed":
      return S.noticeRemoved(notice.name);
    default:
      return "";
  }
}

/**
 * Whether a notice still says something true of `lobby`, so a screen can take
 * it down the moment it stops being so: "a bot plays for Ben" goes once Ben is
 * back, "Ben is back" once he is gone again, "Ana is now the host" once
 * someone else is, and any notice once a newer one (in `shown`) is about the
 * same player.
 */
export function stillTrue(notice: Notice, lobby: Lobby, shown: readonly Notice[] = []): boolean {
  if (shown.some((x) => x.n > notice.n && x.player === notice.player)) return false;
  const player = lobby.players.find((p) => p.id === notice.player);
  switch (notice.kind) {
    case "stand_in":
      return !!player?.stand_in;
    case "back":
      return !!player && !player.stand_in && (player.presence ?? (player.connected ? "connected" : "away")) === "connected";
    case "host_changed":
      return !lobby.authority || lobby.authority.player === notice.player;
    case "game_stopped":
      return lobby.phase !== "playing"; // gone once the next game starts
    default:
      return true;
  }
}
