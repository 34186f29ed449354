// Load-generator driver for Pizza Night (bench/peers/serve-ours), written from the
// project's docs/protocol.md: one websocket per screen at /ws, binary msgpack.
// See the harness README ("Driver interface").
//
// Set-up, as the TV and phones do it:
//   TV    -> hello(role host)                       <- welcome (room code) + state
//   TV    -> host select_game counter               <- ack
//   phone -> hello(role player, room, name)  x5     <- welcome + state
//   TV    -> host start, once the last phone is in  <- ack
// A phone is joined when its view shows the running counter game and its seat.
//
// Each client keeps its view as the protocol says: a `state` frame replaces it,
// a `change` frame whose `base` is the client's `v` patches it (docs/protocol.md,
// "Changes"); a message may hold several frames back to back. After each
// message the driver compares game.counters with what it saw before and reports
// one event per increment: a phone's k-th intent is its counter's k-th
// increment, so (from, seq) = (seat, counter). A gap in `v` is reported as an error.
//
// The harness runs the load generator from its own folder, where `ws` and
// `@msgpack/msgpack` are installed; this file lives in the project, so it loads
// them from the working directory.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(pathToFileURL(`${process.cwd()}/`).href);
const WebSocket = require("ws");
const { encode, decodeMulti } = require("@msgpack/msgpack");

const rooms = new Map(); // room code -> { host, phones, joined, names, clients }
// Cumulative counters over every client of this process (the loadgen reports deltas).
const totals = { messages: 0, frames: 0, bytes: 0, states: 0, changes: 0, acks: 0, errors: 0, gaps: 0, intents: 0, increments_seen: 0 };

// --- the view: docs/protocol.md "Changes" -------------------------------------

function setAt(root, path, value) {
  if (path.length === 0) return value;
  let node = root;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]];
  node[path[path.length - 1]] = value;
  return root;
}

function removeAt(root, path) {
  let node = root;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]];
  delete node[path[path.length - 1]];
  return root;
}

function applyOps(view, ops) {
  for (const op of ops) view = op.length === 2 ? setAt(view, op[0], op[1]) : removeAt(view, op[0]);
  return view;
}

function open(url, hello) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/ws`, { perMessageDeflate: false });
    ws.binaryType = "nodebuffer";
    const ev = [], er = [], ops = new Map();
    let welcomed = false, closing = false, seq = 0;
    let view = null, v = -1, last = null;
    let seatedOk, seatedFail;
    const seated = new Promise((res, rej) => { seatedOk = res; seatedFail = rej; });
    seated.catch(() => {}); // only awaited for phones
    const report = (text) => { for (const cb of er) cb(text); };
    const send = (frame) => ws.send(encode(frame));
    const c = {
      welcome: null, seated, failSeated: (e) => seatedFail(e),
      op(fields) { // a host operation: resolves on its ack, rejects on its error
        const s = ++seq;
        return new Promise((res, rej) => { ops.set(s, { res, rej }); send({ t: "host", seq: s, ...fields }); });
      },
      conn: {
        id: null, // the seat, known when the game starts
        sendIntent(s, move) { totals.intents++; send({ t: "cmd", seq: s, cmd: { type: "Intent", n: move.n } }); },
        onEvent(cb) { ev.push(cb); },
        onError(cb) { er.push(cb); },
        close() {
          closing = true;
          return new Promise((res) => {
            if (ws.readyState === WebSocket.CLOSED) return res();
            ws.once("close", () => res());
            setTimeout(res, 2000).unref();
            ws.close(1000);
          });
        },
      },
    };

    function frame(m) {
      totals.frames++;
      switch (m.t) {
        case "state": {
          totals.states++;
          const { t, v: version, ...rest } = m;
          view = rest; v = version;
          return;
        }
        case "change":
          totals.changes++;
          if (view === null || m.base !== v) { totals.gaps++; report(`gap: base ${m.base}, have ${v}`); return; }
          view = applyOps(view, m.ops); v = m.v;
          return;
        case "ack": {
          totals.acks++;
          const p = ops.get(m.seq);
          if (p) { ops.delete(m.seq); p.res(m); }
          return;
        }
        case "welcome":
          welcomed = true; c.welcome = m; resolve(c);
          return;
        case "error": {
          totals.errors++;
          const p = ops.get(m.seq);
          if (p) { ops.delete(m.seq); p.rej(new Error(`${m.code}: ${m.message}`)); return; }
          if (!welcomed) { closing = true; reject(new Error(`hello refused: ${m.code}: ${m.message}`)); return; }
          report(`error ${m.code} seq=${m.seq}`);
          return;
        }
        case "bye":
          if (!closing) report(`bye ${m.reason}`);
          return;
        default:
          report(`unexpected frame ${m.t}`);
      }
    }

    // After a whole message: report the counters' increments since the last message.
    function counted() {
      const g = view?.game;
      if (!g || g.type !== "Counters") return; // still in the lobby
      const counters = g.counters;
      if (last === null) { // the first view of the game is the baseline (all zero)
        last = counters.slice();
        const seat = view.you?.seat;
        if (c.welcome?.role === "player" && seat != null) { c.conn.id = seat; seatedOk(); }
        return;
      }
      for (let i = 0; i < counters.length; i++) {
        for (let k = last[i] + 1; k <= counters[i]; k++) { totals.increments_seen++; for (const cb of ev) cb(i, k); }
        last[i] = counters[i];
      }
    }

    ws.on("open", () => send(hello));
    ws.on("error", (e) => { if (!welcomed) reject(e); else if (!closing) report(`socket error ${e.message}`); });
    ws.on("close", (code) => {
      if (!welcomed) reject(new Error(`closed ${code} before welcome`));
      seatedFail(new Error(`closed ${code} before the game started`));
      for (const p of ops.values()) p.rej(new Error(`closed ${code}`));
      if (!closing) report(`close ${code}`);
    });
    ws.on("message", (buf) => {
      totals.messages++; totals.bytes += buf.length;
      try {
        for (const m of decodeMulti(buf)) frame(m);
      } catch (e) { report(`undecodable message: ${e.message}`); return; }
      counted();
    });
  });
}

export default {
  name: "ours",

  // A TV creates the room and selects the counter game; `phones` says when to start.
  async createRoom(url, { phones = 5 } = {}) {
    const host = await open(url, { t: "hello", v: 1, role: "host" });
    const code = host.welcome.room;
    await host.op({ op: "select_game", game: "counter", options: {} });
    rooms.set(code, { host, phones, joined: 0, names: 0, clients: [] });
    return { roomRef: code, screen: host.conn };
  },

  // One phone joins by name; the last one makes the TV start the game.
  async joinRoom(url, code) {
    const room = rooms.get(code);
    const phone = await open(url, { t: "hello", v: 1, role: "player", room: code, name: `P${room.names++}` });
    room.clients.push(phone);
    if (++room.joined === room.phones) {
      room.host.op({ op: "start" }).catch((e) => { for (const p of room.clients) p.failSeated(e); });
    }
    await phone.seated;
    return phone.conn;
  },

  // Cumulative counters for the load generator to report per window.
  stats() { return { ...totals }; },
};
