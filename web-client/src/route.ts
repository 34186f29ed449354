// Which screen a path shows.  The hub serves the same page at every one of
// these paths (SPA fallback), so the client reads location.pathname.

export type Route =
  | { screen: "tv" }
  | { screen: "join"; code: string | null }
  | { screen: "watch"; code: string }
  | { screen: "replay"; src: string | null }
  | { screen: "admin" }
  | { screen: "teacher" }
  | { screen: "class"; code: string | null }
  /** The class's projector (/class/CODE/screen): tables and turns, no figure about a student. */
  | { screen: "classScreen"; code: string };

/** Room codes are 4 letters; anything else is treated as "no code yet". */
export function normaliseCode(text: string | null | undefined): string | null {
  const code = (text ?? "").trim().toUpperCase();
  return /^[A-Z]{4}$/.test(code) ? code : null;
}

/** Class codes are 6 letters (4 for classes opened before codes grew: server/classroom/codes.py). */
export function normaliseClassCode(text: string | null | undefined): string | null {
  const code = (text ?? "").trim().toUpperCase();
  return /^([A-Z]{6}|[A-Z]{4})$/.test(code) ? code : null;
}

export function parseRoute(pathname: string, search = ""): Route {
  const parts = pathname.split("/").filter(Boolean);
  const head = (parts[0] ?? "").toLowerCase();
  if (head === "tv") return { screen: "tv" };
  if (head === "watch") {
    const code = normaliseCode(parts[1]);
    if (code) return { screen: "watch", code };
    return { screen: "join", code: null };
  }
  if (head === "join") return { screen: "join", code: normaliseCode(parts[1]) };
  const query = new URLSearchParams(search);
  if (head === "replay") return { screen: "replay", src: query.get("src") };
  if (head === "admin") return { screen: "admin" };
  if (head === "teacher") return { screen: "teacher" };
  if (head === "class") {
    const code = normaliseClassCode(parts[1]);
    if (code && (parts[2] ?? "").toLowerCase() === "screen") return { screen: "classScreen", code };
    return { screen: "class", code };
  }
  return { screen: "join", code: normaliseCode(query.get("code")) };
}

/** The address a QR code sends a phone to: the join page with the code filled in. */
export function joinUrl(joinBase: string, code: string): string {
  return `${joinBase.replace(/\/$/, "")}/${code}`;
}

/** The spectators' address for a room, next to the join page: `.../join` becomes `.../watch/CODE`. */
export function watchUrl(joinBase: string, code: string): string {
  return `${joinBase.replace(/\/$/, "").replace(/\/join$/, "")}/watch/${code}`;
}
