// How far this device's clock is from the hub's.  A phone's clock can be
// minutes off; the hub says when a turn clock started by its own clock
// (`lobby.turn_clock.started`), so a screen reads that against the hub's
// time, which it estimates from the last `welcome.now`: the hub's clock as it
// sent the welcome, taken as the moment it arrived (a welcome's trip is a few
// ms on a LAN, and a countdown shows whole seconds).

let offsetMs = 0;

/** The hub said it was `hubNow` (Unix ms) when this device's clock read `localNow`. */
export function noteHubTime(hubNow: number, localNow: number = Date.now()): void {
  if (Number.isFinite(hubNow)) offsetMs = hubNow - localNow;
}

/** The hub's clock now, as well as this device knows it (its own clock until a hub said its time). */
export function hubNow(localNow: number = Date.now()): number {
  return localNow + offsetMs;
}
