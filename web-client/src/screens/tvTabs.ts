// TV tabs of one browser talk over a BroadcastChannel so that a second tab
// never silently takes over the first one's room (both would hold the same
// host token, and the hub keeps only the newest connection).  A new tab asks
// "who hosts room X?"; a tab hosting it answers; the new tab then asks its
// person whether to open a new room or move the room here (the old tab lets go).
import { useEffect, useRef } from "preact/hooks";

const CHANNEL = "pizzanight-tv";

type TabMessage = { type: "who" | "mine" | "release"; room: string };

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
}

/** Whether another live tab of this browser hosts `room` (answers within `waitMs`). */
export function anotherTabHosts(room: string, waitMs = 400): Promise<boolean> {
  const ch = channel();
  if (!ch) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer);
      ch.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), waitMs);
    ch.onmessage = (e: MessageEvent<TabMessage>) => {
      if (e.data?.type === "mine" && e.data.room === room) done(true);
    };
    ch.postMessage({ type: "who", room } satisfies TabMessage);
  });
}

/** Ask the tab hosting `room` to let go of it (this tab takes the room over). */
export function releaseRoom(room: string): void {
  const ch = channel();
  if (!ch) return;
  ch.postMessage({ type: "release", room } satisfies TabMessage);
  ch.close();
}

/** While this tab hosts `room`: say so when asked, and let go when another tab takes it. */
export function useHostedRoom(room: string | null, onReleased: () => void): void {
  const released = useRef(onReleased);
  released.current = onReleased;
  useEffect(() => {
    if (!room) return;
    const ch = channel();
    if (!ch) return;
    ch.onmessage = (e: MessageEvent<TabMessage>) => {
      if (e.data?.room !== room) return;
      if (e.data.type === "who") ch.postMessage({ type: "mine", room } satisfies TabMessage);
      if (e.data.type === "release") released.current();
    };
    return () => ch.close();
  }, [room]);
}
