// Where a screen keeps its secret tokens, so a reload or a dropped connection
// gets the same seat (or the same TV room) back.  localStorage survives
// reloads; a Map stands in where storage is unavailable (private windows).
// A TV tab also notes which room it shows in sessionStorage (one per tab, kept
// across a reload of that tab), so a reload comes back to that tab's room even
// when another tab of the browser opened a newer one; the tokens themselves
// stay in localStorage.

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Saved {
  room: string;
  token: string;
  name?: string;
  /** A phone's own token for a join not yet welcomed: its hello is sent again as it was. */
  pending?: boolean;
}

function memory(): KeyValue {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function usable(get: () => Storage): KeyValue {
  try {
    const s = get();
    const probe = "pizzanight:probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return memory();
  }
}

export function defaultStorage(): KeyValue {
  return usable(() => globalThis.localStorage);
}

/** This tab's own storage (sessionStorage: kept across a reload of the tab, never shared with another tab). */
export function defaultTabStorage(): KeyValue {
  return usable(() => globalThis.sessionStorage);
}

/**
 * A new secret made on this device for a seat it asks for (a room's seat, a class's student): 24
 * random bytes as URL-safe base64 (32 characters), as docs/protocol.md asks of a device's own token.
 */
export function newSeatToken(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_");
}

/**
 * Tokens by kind: "host" for the TV's room (the browser's last one), "host:CODE" for each room it
 * hosts, "seat:CODE" for a phone's seat in a room; and, in `tab`, the room this TV tab shows.
 * A store given its device storage and no tab storage keeps the tab's room in memory (tests).
 */
export class TokenStore {
  private readonly storage: KeyValue;
  private readonly tab: KeyValue;

  constructor(storage?: KeyValue, tab?: KeyValue) {
    this.storage = storage ?? defaultStorage();
    this.tab = tab ?? (storage ? memory() : defaultTabStorage());
  }

  private read(key: string): Saved | null {
    const raw = this.storage.getItem(`pizzanight:${key}`);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw);
      return typeof value?.room === "string" && typeof value?.token === "string" ? value : null;
    } catch {
      return null;
    }
  }

  private write(key: string, saved: Saved | null): void {
    if (saved) this.storage.setItem(`pizzanight:${key}`, JSON.stringify(saved));
    else this.storage.removeItem(`pizzanight:${key}`);
  }

  host(): Saved | null {
    return this.read("host");
  }
  setHost(saved: Saved | null): void {
    this.write("host", saved);
    if (saved) this.write(`host:${saved.room.toUpperCase()}`, saved);
  }

  /** The host token of one room (several TV tabs may each host a room). */
  hostFor(room: string): Saved | null {
    return this.read(`host:${room.toUpperCase()}`) ?? (this.host()?.room === room.toUpperCase() ? this.host() : null);
  }

  /** The room this TV tab was last welcomed into as the host (it survives a reload of the tab). */
  tabRoom(): string | null {
    return this.tab.getItem("pizzanight:tv-room");
  }
  setTabRoom(room: string | null): void {
    if (room) this.tab.setItem("pizzanight:tv-room", room.toUpperCase());
    else this.tab.removeItem("pizzanight:tv-room");
  }

  /**
   * The room a TV page comes back to: this tab's own room while its token is kept (so another
   * tab's newer room never takes its place on a reload), else the browser's last room.
   */
  resumeHost(): Saved | null {
    const own = this.tabRoom();
    return (own ? this.hostFor(own) : null) ?? this.host();
  }

  /** A room has ended or refused its token: forget it (and the "last room" and this tab's pointers if they were that one). */
  forgetHost(room: string | null): void {
    if (room) this.write(`host:${room.toUpperCase()}`, null);
    if (!room || this.host()?.room === room.toUpperCase()) this.write("host", null);
    if (!room || this.tabRoom() === room.toUpperCase()) this.setTabRoom(null);
  }

  seat(room: string): Saved | null {
    return this.read(`seat:${room.toUpperCase()}`);
  }
  setSeat(room: string, saved: Saved | null): void {
    this.write(`seat:${room.toUpperCase()}`, saved);
    if (saved) this.storage.setItem("pizzanight:last-room", room.toUpperCase());
  }

  /** The room this phone last had a seat in (offered on the join page). */
  lastRoom(): string | null {
    return this.storage.getItem("pizzanight:last-room");
  }

  name(): string {
    return this.storage.getItem("pizzanight:name") ?? "";
  }
  setName(name: string): void {
    this.storage.setItem("pizzanight:name", name);
  }
}
