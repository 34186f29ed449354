// One screen's link to the hub: says hello, keeps the seat token, answers
// requests by sequence number, and comes back by itself after a drop.  It is
// written against small interfaces (socket factory, clock, random) so the
// reconnect rules can be tested without a browser or a server.
import {
  CLOSE,
  ClientFrame,
  Command,
  decodeFrames,
  encodeFrame,
  ErrorFrame,
  HelloFrame,
  PROTOCOL_VERSION,
  ReactionKind,
  Role,
  ServerFrame,
  ErrorParams,
  ReclaimCodeFrame,
  StateFrame,
  VotesFrame,
  WelcomeFrame,
} from "./wire";
import { Mirror } from "./patch";
import { noteHubTime } from "./serverClock";
import { newSeatToken, TokenStore } from "./tokens";

/** The part of WebSocket this module uses. */
export interface SocketLike {
  binaryType: string;
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: Uint8Array | string): void;
  close(code?: number, reason?: string): void;
}

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as number),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as number),
  now: () => Date.now(),
};

/** Who this screen is: decides the hello frame and where the token is kept. */
export type Identity =
  | { role: "host"; room?: string; fresh?: boolean }
  // `room: null`: no TV, this phone opens a new room with its name and takes its first seat
  | { role: "player"; room: string | null; name?: string; reclaim?: string }
  | { role: "spectator"; room: string };

/**
 * - connecting: the first attempt is under way
 * - open: welcomed; frames flow
 * - reconnecting: the link dropped; trying again (the UI says so)
 * - ended: will not come back by itself (see `endReason`)
 */
export type Status = "connecting" | "open" | "reconnecting" | "ended";

export type EndReason =
  | "not_found"
  | "room_closed"
  | "replaced"
  | "rejected"
  /** The host (or a class's teacher) removed this player: the token holds nothing any more. */
  | "removed"
  | "closed_by_client";

export class RequestError extends Error {
  constructor(
    readonly code: string,
    message?: string,
    /** What the code's sentence needs (the error frame's `params`). */
    readonly params?: ErrorParams,
  ) {
    super(message || code);
  }
}

export interface ConnectionOptions {
  url: string;
  identity: Identity;
  tokens?: TokenStore;
  socket?: (url: string) => SocketLike;
  clock?: Clock;
  random?: () => number;
  onState?: (state: StateFrame) => void;
  onStatus?: (status: Status) => void;
  onWelcome?: (welcome: WelcomeFrame) => void;
  /** The audience's reactions since the last frame of them (the TV is sent these). */
  onReactions?: (counts: Record<string, number>) => void;
  /** The heartbeat's limits (HEARTBEAT's by default; tests shorten them). */
  heartbeat?: Partial<Heartbeat>;
}

/**
 * How a dead link is noticed (docs/protocol.md "Heartbeat"): a hub always says something within a
 * second of being asked, so a link silent for `deadAfterMs` is dropped and the screen reconnects.
 * - tickMs: how often the link is looked at;
 * - pingAfterMs: silence after which the client sends a ping (the hub's ack is the answer);
 * - deadAfterMs: silence after which the link counts as dead;
 * - helloMs: a socket not welcomed this long after it was opened is given up (a hub that cannot
 *   reach its store answers within about three seconds; a link cut before the welcome never does).
 */
export interface Heartbeat {
  tickMs: number;
  pingAfterMs: number;
  deadAfterMs: number;
  helloMs: number;
}

export const HEARTBEAT: Heartbeat = { tickMs: 250, pingAfterMs: 1000, deadAfterMs: 2500, helloMs: 6000 };

/** The errors a refused reaction gets (they carry no seq and end nothing). */
export function isReactionError(code: string): boolean {
  return code === "rate/reactions" || code === "reaction/unknown";
}

/**
 * Delay before reconnect attempt `n` (0-based): doubling from 250 ms up to 2 s, with jitter (so a
 * crowd of phones does not come back in step).  Capped at 2 s so a phone whose link comes back
 * resumes within about 2.5 s of it (issue 28).
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(2000, 250 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + 0.5 * random()));
}

export class Connection {
  status: Status = "connecting";
  endReason: EndReason | null = null;
  /** The last error the server sent without a sequence number (why a hello failed). */
  lastError: ErrorFrame | null = null;
  room: string | null;
  role: Role;
  player: number | null = null;
  lastVersion = -1;

  private socket: SocketLike | null = null;
  /** This socket's view, kept from state and change frames. */
  private readonly mirror = new Mirror<StateFrame>();
  private seq = 0;
  private readonly reactionListeners = new Set<(counts: Record<string, number>) => void>();
  private readonly voteListeners = new Set<(frame: VotesFrame) => void>();
  private readonly welcomeListeners = new Set<(frame: WelcomeFrame) => void>();
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: RequestError) => void }>();
  private attempt = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastHeard = 0;
  private lastPing = 0;
  private openedAt = 0;
  private welcomed = false;
  private readonly beat: Heartbeat;
  private usedToken = false;
  /** The room a host hello with a token asked for (what to forget when it is refused). */
  private askedRoom: string | null = null;
  /**
   * That room is the one this tab was showing (welcomed into it on this page or before its reload),
   * not only the browser's last room: if it is refused as gone, the room ended while the TV was away.
   */
  private returning = false;
  /** The seat token the last player hello carried (kept on its welcome when the hub issues none). */
  private sentToken: string | null = null;
  /** This phone's own token for a seat it asks for (made once: every attempt sends the same one). */
  private madeToken: string | null = null;
  /** The identity's reclaim code was accepted: from now on this phone comes back with its new token. */
  private reclaimed = false;
  private readonly tokens: TokenStore;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly makeSocket: (url: string) => SocketLike;

  constructor(private readonly opts: ConnectionOptions) {
    this.tokens = opts.tokens ?? new TokenStore();
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    this.makeSocket = opts.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.room = opts.identity.room?.toUpperCase() ?? null;
    this.role = opts.identity.role;
    this.beat = { ...HEARTBEAT, ...opts.heartbeat };
  }

  /** The hello for the next attempt: a stored token wins over a fresh join. */
  hello(): HelloFrame {
    const id = this.opts.identity;
    const frame: HelloFrame = { t: "hello", v: PROTOCOL_VERSION, role: id.role };
    this.usedToken = false;
    if (id.role === "host") {
      // This tab's own room once it has one (each room's token is kept apart, so
      // another tab's newer room never changes which room this tab rejoins);
      // before that, the room this tab showed before a reload, else the last room
      // of this browser, unless asked for a new one.
      const saved = this.room ? this.tokens.hostFor(this.room) : id.fresh ? null : this.tokens.resumeHost();
      const room = this.room ?? saved?.room;
      this.askedRoom = null;
      this.returning = false;
      if (saved && room && saved.room === room) {
        frame.room = saved.room;
        frame.token = saved.token;
        this.usedToken = true;
        this.askedRoom = saved.room;
        this.returning = this.tokens.tabRoom() === saved.room;
      }
      return frame;
    }
    if (id.role === "player") {
      // Before its first welcome a phone opening a room has no code yet: it sends only its name.
      if (this.room) frame.room = this.room;
      const saved = this.room ? this.tokens.seat(this.room) : null;
      if (id.reclaim && !this.reclaimed) {
        // A seat handed over from a lost phone: the code (once) wins over any old token here,
        // with this phone's own new token, so a lost welcome can be asked for again.
        frame.reclaim = id.reclaim;
        frame.token = this.ownToken();
      } else if (saved?.pending) {
        // A join not yet welcomed (its welcome may have been lost): the same hello again, which
        // the hub answers with the seat it made, or makes the seat if it never got the hello.
        frame.name = id.name ?? saved.name ?? "";
        frame.token = saved.token;
      } else if (saved) {
        frame.token = saved.token;
        this.usedToken = true;
      } else {
        // A new seat: its token is made here and kept before the hello goes (docs/protocol.md).
        frame.name = id.name ?? "";
        frame.token = this.ownToken();
        if (this.room) this.tokens.setSeat(this.room, { room: this.room, token: frame.token, name: frame.name, pending: true });
      }
      this.sentToken = frame.token ?? null;
      return frame;
    }
    frame.room = this.room!;
    return frame;
  }

  private ownToken(): string {
    this.madeToken ??= newSeatToken();
    return this.madeToken;
  }

  start(): void {
    this.open();
  }

  /** Leave for good (the socket is closed; no reconnect). */
  stop(): void {
    this.end("closed_by_client");
    this.socket?.close(1000);
  }

  /** Try again now (after "ended: replaced", or when the page becomes visible). */
  retryNow(): void {
    if (this.status === "open") return;
    this.endReason = null;
    this.clearRetry();
    this.attempt = 0;
    // (an ended link asked to come back is connecting again, not "ended" with no reason)
    if (this.status === "ended") this.setStatus("connecting");
    this.open();
  }

  sendCommand(cmd: Command): Promise<void> {
    return this.request({ t: "cmd", cmd });
  }

  host(op: string, fields: Record<string, unknown> = {}): Promise<void> {
    return this.request({ t: "host", op, ...fields });
  }

  /** Ask the hub for a one-time code that hands a disconnected player's seat to a new device. */
  reclaimSeat(player: number): Promise<ReclaimCodeFrame> {
    return this.request<ReclaimCodeFrame>({ t: "host", op: "reclaim_seat", player });
  }

  /** Ask for a hint for this seat (Splittissimo): resolves with the hub's advice. */
  hint(): Promise<unknown> {
    return this.request({ t: "hint" });
  }

  /**
   * Send an audience reaction: no seq and no ack (docs/protocol.md "Reactions").
   * Returns whether it went out; offline it is simply not sent.
   */
  onReactions(f: (counts: Record<string, number>) => void): () => void {
    this.reactionListeners.add(f);
    return () => this.reactionListeners.delete(f);
  }

  /** Audience votes as they stand (the TV and spectators are sent these; docs/protocol.md "Audience votes"). */
  onVotes(f: (frame: VotesFrame) => void): () => void {
    this.voteListeners.add(f);
    return () => this.voteListeners.delete(f);
  }

  /**
   * Each welcome, the first one and every one after a reconnect: what a screen kept from an earlier
   * socket (an audience vote, say) may be over, and the hub sends again only what is on now.
   */
  onWelcome(f: (frame: WelcomeFrame) => void): () => void {
    this.welcomeListeners.add(f);
    return () => this.welcomeListeners.delete(f);
  }

  /** A spectator's pick in open vote `q`: resolves on the hub's ack, rejects with its refusal (`vote/closed`, ...). */
  vote(q: number, pick: string): Promise<void> {
    return this.request({ t: "vote", q, pick });
  }

  react(kind: ReactionKind): boolean {
    if (this.status !== "open" || !this.socket) return false;
    this.socket.send(encodeFrame({ t: "react", r: kind }));
    return true;
  }

  private request<T = void>(frame: Record<string, unknown>): Promise<T> {
    if (this.status !== "open" || !this.socket) {
      return Promise.reject(new RequestError("net/offline"));
    }
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(seq, { resolve: resolve as (value: unknown) => void, reject });
      this.socket!.send(encodeFrame({ ...frame, seq } as ClientFrame));
    });
  }

  private setStatus(status: Status): void {
    if (this.status === status) return;
    this.status = status;
    this.opts.onStatus?.(status);
  }

  private open(): void {
    const socket = this.makeSocket(this.opts.url);
    this.socket = socket;
    socket.binaryType = "arraybuffer";
    this.mirror.reset();
    this.welcomed = false;
    this.openedAt = this.lastHeard = this.clock.now();
    this.startPing();
    socket.onopen = () => {
      this.lastHeard = this.clock.now();
      socket.send(encodeFrame(this.hello()));
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      this.lastHeard = this.clock.now();
      let frames: ServerFrame[];
      try {
        frames = decodeFrames(ev.data as ArrayBuffer | string);
      } catch {
        this.resync(); // a message we cannot read may have held a change: start again from a full state
        return;
      }
      this.receiveAll(frames);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (socket !== this.socket) return;
      this.closed(ev.code);
    };
  }

  /** One message's frames in order; the view is shown once, after all of them. */
  private receiveAll(frames: ServerFrame[]): void {
    let moved = false;
    for (const frame of frames) {
      if (frame.t === "state" || frame.t === "change") {
        try {
          this.mirror.receive(frame);
        } catch {
          this.resync(); // a gap or a change that does not fit: a new socket brings a full state
          return;
        }
        moved = true;
      } else {
        this.receive(frame);
      }
      if (this.socket === null) return; // the frame ended this socket
    }
    const view = this.mirror.view;
    if (moved && view !== null && view.version >= this.lastVersion) {
      this.lastVersion = view.version;
      this.opts.onState?.({ ...view, t: "state" });
    }
  }

  /** Drop this socket and come back at once, as the hub's 4503 asks (docs/protocol.md "Changes"). */
  private resync(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onclose = null;
    socket.close(1000);
    this.closed(CLOSE.DRAINING);
  }

  private receive(frame: ServerFrame): void {
    switch (frame.t) {
      case "welcome":
        this.welcome(frame);
        break;
      case "ack": {
        const p = this.pending.get(frame.seq);
        this.pending.delete(frame.seq);
        p?.resolve(undefined);
        break;
      }
      case "hint": {
        const p = this.pending.get(frame.seq);
        this.pending.delete(frame.seq);
        p?.resolve(frame.hint);
        break;
      }
      case "reclaim_code": {
        const p = this.pending.get(frame.seq);
        this.pending.delete(frame.seq);
        p?.resolve(frame);
        break;
      }
      case "error": {
        if (frame.seq !== undefined && this.pending.has(frame.seq)) {
          const p = this.pending.get(frame.seq)!;
          this.pending.delete(frame.seq);
          p.reject(new RequestError(frame.code, frame.message, frame.params));
        } else if (!isReactionError(frame.code)) {
          // (a refused reaction is not why a hello failed: the reaction bar already showed it locally)
          this.lastError = frame;
        }
        break;
      }
      case "votes":
        for (const f of this.voteListeners) f(frame);
        break;
      case "reactions":
        this.opts.onReactions?.(frame.counts);
        for (const f of this.reactionListeners) f(frame.counts);
        break;
      case "bye":
        // (a newer socket with the same token took this seat or room: "replaced", never retried by itself,
        // and never a refusal, so the screen offers to take it back rather than a join form)
        if (frame.reason === "room_closed" || frame.reason === "removed") this.forget();
        this.end(frame.reason === "room_closed" || frame.reason === "replaced" || frame.reason === "removed" ? frame.reason : "rejected");
        break;
    }
  }

  private welcome(frame: WelcomeFrame): void {
    if (frame.room.toUpperCase() !== this.room) this.lastVersion = -1;
    this.room = frame.room.toUpperCase();
    this.role = frame.role;
    this.player = frame.player ?? null;
    this.lastError = null;
    this.attempt = 0;
    this.welcomed = true;
    if (typeof frame.now === "number") noteHubTime(frame.now); // the turn countdown reads the hub's clock
    if (frame.role === "player") this.reclaimed = true;
    if (frame.token && frame.role === "host") this.tokens.setHost({ room: this.room, token: frame.token });
    // (a TV coming back with its token is welcomed with no token: it still notes the room it shows now)
    if (frame.role === "host") this.tokens.setTabRoom(this.room);
    // A phone keeps the token the hub issued, or else the one it sent (its own, or the one it came back with).
    const seatToken = frame.token ?? this.sentToken;
    if (frame.role === "player" && seatToken) {
      const id = this.opts.identity;
      this.tokens.setSeat(this.room, {
        room: this.room,
        token: seatToken,
        name: (id.role === "player" ? id.name : undefined) ?? this.tokens.seat(this.room)?.name,
      });
    }
    this.setStatus("open");
    for (const f of this.welcomeListeners) f(frame);
    this.opts.onWelcome?.(frame);
  }

  private forget(): void {
    if (this.role === "host") this.tokens.forgetHost(this.room);
    if (this.role === "player" && this.room) this.tokens.setSeat(this.room, null);
  }

  private closed(code: number): void {
    this.stopPing();
    for (const p of this.pending.values()) p.reject(new RequestError("net/disconnected"));
    this.pending.clear();
    this.socket = null;
    if (this.status === "ended") return;
    if (this.role === "host" && this.usedToken && (code === CLOSE.NOT_FOUND || code === CLOSE.ROOM_CLOSED || code === CLOSE.POLICY)) {
      this.tokens.forgetHost(this.room ?? this.askedRoom);
      if (this.returning && code !== CLOSE.POLICY) {
        // The room this tab was showing ended while it was away: say so, as a TV online at the
        // end is told (a new room only when its person asks, never a new code out of the blue).
        this.end("room_closed");
        return;
      }
      // A browser's last room, long gone, on a page opened afresh: set a new table instead of showing an error.
      this.room = null;
      this.scheduleRetry(0);
      return;
    }
    switch (code) {
      case CLOSE.NOT_FOUND:
        this.forget();
        this.end("not_found");
        return;
      case CLOSE.ROOM_CLOSED:
        this.forget();
        this.end("room_closed");
        return;
      case CLOSE.REPLACED:
        this.end("replaced");
        return;
      case CLOSE.POLICY:
      case CLOSE.TOO_BIG:
        if (this.role === "player" && this.room && this.tokens.seat(this.room)?.pending) {
          // A join refused (a name taken, a locked room): no seat was made for that token.
          this.tokens.setSeat(this.room, null);
          this.madeToken = null;
        }
        if (this.usedToken) {
          // The token is no good (the seat was removed, or the room is new):
          // forget it and, when there is a way to join afresh, do so.
          this.forget();
          const id = this.opts.identity;
          if ((id.role === "player" && id.name) || id.role === "host") {
            if (id.role === "host") this.room = null;
            this.scheduleRetry(0);
            return;
          }
        }
        this.end("rejected");
        return;
      case CLOSE.DRAINING:
        // At once (the room moved, or its hub let it go); again at once only after a welcome in between,
        // so a hub that keeps sending phones away is not hammered.
        this.scheduleRetry(this.attempt === 0 ? 0 : backoffMs(this.attempt - 1, this.random));
        this.attempt++;
        return;
      case CLOSE.THROTTLED:
        this.scheduleRetry(Math.max(2000, backoffMs(this.attempt++, this.random)));
        return;
      default:
        if (this.status === "connecting" && this.lastError) {
          // The hub said why it would not take us (a full or locked room, say).
          this.end("rejected");
          return;
        }
        this.scheduleRetry(backoffMs(this.attempt++, this.random));
    }
  }

  private scheduleRetry(ms: number): void {
    // A first attempt retried at once (a stale token swapped for a fresh join)
    // is still "connecting"; anything else is visibly "reconnecting".
    if (!(this.status === "connecting" && ms === 0)) this.setStatus("reconnecting");
    this.clearRetry();
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, ms);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private end(reason: EndReason): void {
    this.clearRetry();
    this.stopPing();
    this.endReason = reason;
    this.setStatus("ended");
  }

  /** The heartbeat, from the moment a socket is made until it closes (see HEARTBEAT). */
  private startPing(): void {
    this.stopPing();
    this.lastPing = 0;
    this.pingTimer = this.clock.setInterval(() => this.heartbeat(), this.beat.tickMs);
  }

  private heartbeat(): void {
    if (!this.socket) return;
    const now = this.clock.now();
    const silent = now - this.lastHeard;
    const dead = this.welcomed ? silent >= this.beat.deadAfterMs : now - this.openedAt >= this.beat.helloMs;
    if (dead) {
      // The link is dead even if the browser has not noticed (no close comes through a cut link).
      const socket = this.socket;
      this.socket = null;
      socket.onclose = null;
      socket.close();
      this.closed(1006);
      return;
    }
    if (this.welcomed && silent >= this.beat.pingAfterMs && now - this.lastPing >= this.beat.pingAfterMs) {
      this.lastPing = now;
      this.request({ t: "ping" }).catch(() => {});
    }
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.clock.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

/** The websocket address of the hub that served this page. */
export function hubUrl(loc: { protocol: string; host: string } = location): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
}
