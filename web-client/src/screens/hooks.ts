// Phone niceties: keep the screen awake while playing, buzz on your turn.
import { useEffect, useRef } from "preact/hooks";

interface WakeLockSentinelLike {
  release(): Promise<void>;
}

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const nav = navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<WakeLockSentinelLike> } };
    if (!active || !nav.wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let gone = false;
    const take = () => {
      if (document.visibilityState !== "visible") return;
      nav.wakeLock!.request("screen").then(
        (s) => {
          if (gone) s.release().catch(() => {});
          else sentinel = s;
        },
        () => {},
      );
    };
    take();
    // The lock is dropped whenever the page is hidden; take it again on return.
    document.addEventListener("visibilitychange", take);
    return () => {
      gone = true;
      document.removeEventListener("visibilitychange", take);
      sentinel?.release().catch(() => {});
    };
  }, [active]);
}

/** One short buzz each time it becomes this phone's turn. */
export function useTurnBuzz(myTurn: boolean): void {
  const was = useRef(false);
  useEffect(() => {
    if (myTurn && !was.current && typeof navigator.vibrate === "function") {
      try {
        navigator.vibrate([120, 60, 120]);
      } catch {
        /* some browsers refuse without a user gesture; that is fine */
      }
    }
    was.current = myTurn;
  }, [myTurn]);
}
