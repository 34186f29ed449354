// What a screen that hosts can ask the hub: the TV's lobby and menu, the host
// phone and the end panel all take one.  Its own module so the screens that
// use it (Lobby, HostMenu, ...) need not import each other for a type.
import type { ReclaimCodeFrame } from "../net/wire";

export interface HostActions {
  /** Send a host operation; `then` runs once the hub has acknowledged it. */
  op: (op: string, fields?: Record<string, unknown>, then?: () => void) => void;
  /** Ask for a one-time code that hands a disconnected player's seat to a new device (the TV and the host phone). */
  reclaim?: (player: number) => Promise<ReclaimCodeFrame>;
  /** The room's code, shown beside a reclaim code: the new phone needs both. */
  room?: string;
}
