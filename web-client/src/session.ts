// A Preact hook around Connection: the latest state, the link status and a
// way to send.  Screens stay pure functions of what it returns.
import { useEffect, useMemo, useState } from "preact/hooks";
import { Connection, hubUrl, Identity, Status } from "./net/connection";
import type { StateFrame, WelcomeFrame } from "./net/wire";

export interface Session {
  conn: Connection;
  status: Status;
  state: StateFrame | null;
  welcome: WelcomeFrame | null;
}

export function useSession(identity: Identity | null, key: string): Session | null {
  const [state, setState] = useState<StateFrame | null>(null);
  const [status, setStatus] = useState<Status>("connecting");
  const [welcome, setWelcome] = useState<WelcomeFrame | null>(null);
  const conn = useMemo(() => {
    if (!identity) return null;
    return new Connection({
      url: hubUrl(),
      identity,
      onState: setState,
      onStatus: setStatus,
      onWelcome: setWelcome,
    });
    // `key` names the identity; a new key means a new connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    if (!conn) return;
    setState(null);
    setStatus(conn.status);
    conn.start();
    const wake = () => {
      if (document.visibilityState === "visible" && conn.status === "reconnecting") conn.retryNow();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    return () => {
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      conn.stop();
    };
  }, [conn]);
  if (!conn) return null;
  return { conn, status, state, welcome };
}
