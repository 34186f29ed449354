// Where phones join and spectators watch: the hub's own address, asked once per screen (/api/info).
import { useEffect, useState } from "preact/hooks";

/**
 * Where phones should go: the hub knows its address on the local network
 * (/api/info), which matters when the TV itself opened "localhost".  It also
 * says the short address a person types (`pizzanight.local:8000` when it is
 * announced on the network, else the IP address and port).
 */
export function useJoinInfo(): { base: string; address: string | null } {
  const [info, setInfo] = useState<{ base: string; address: string | null }>({
    base: `${location.origin}/join`,
    address: null,
  });
  useEffect(() => {
    let live = true;
    fetch("/api/info")
      .then((r) => (r.ok ? r.json() : null))
      .then((got) => {
        if (live && got && typeof got.join === "string") {
          setInfo({
            base: got.join.replace(/\/$/, ""),
            address: typeof got.address === "string" && got.address ? got.address : null,
          });
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return info;
}

export function useJoinBase(): string {
  return useJoinInfo().base;
}
