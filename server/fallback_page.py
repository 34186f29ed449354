"""The page served when the web client has not been built.

It says how to build the real client and shows the TV and phone URLs, and it
is itself a bare-bones client (JSON text frames, the debugging transport of
docs/protocol.md) so a room can be run even without Node.js: the TV creates
a room and shows its code and QR code, phones join and press their legal
commands as buttons (a pattern of many commands as the first one it allows).
"""

from __future__ import annotations

import html
from pathlib import Path

_SCRIPT = r"""
const $ = (s) => document.querySelector(s);
const path = location.pathname;
let ws, seq = 0, st = null, role = null;
function send(f) { f.seq = ++seq; ws.send(JSON.stringify(f)); }
function connect(hello, key) {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => ws.send(JSON.stringify(hello));
  ws.onmessage = (m) => {
    const f = JSON.parse(m.data);
    if (f.t === "welcome") {
      if (f.token) localStorage.setItem(key + f.room, f.token);
      localStorage.setItem(key + "room", f.room);
      $("#code").textContent = f.room;
      if (role === "host") $("#qr").src = "/qr.svg?code=" + f.room;
    } else if (f.t === "state") { st = f; draw(); }
    else if (f.t === "error") { $("#err").textContent = f.code + ": " + f.message; }
    else if (f.t === "bye") { $("#err").textContent = "closed: " + f.reason; }
  };
  ws.onclose = (e) => { $("#err").textContent += " (disconnected " + e.code + ")"; };
}
// A legal entry may be a pattern standing for many commands (docs/protocol.md, "Legal
// commands"): this bare client plays the first command each pattern allows.
function instance(entry) {
  const cmd = {};
  for (const [k, v] of Object.entries(entry)) {
    if (v && typeof v === "object" && "$choose" in v) cmd[k] = Array.from({length: v.$choose}, (_, i) => i);
    else if (v && typeof v === "object" && "$one_of" in v) cmd[k] = v.$one_of[0];
    else cmd[k] = v;
  }
  return cmd;
}
function btn(label, fn) { const b = document.createElement("button"); b.textContent = label; b.onclick = fn; return b; }
function draw() {
  const l = st.lobby;
  $("#lobby").textContent = l.phase + " · " + (l.title || "no game chosen") + " · players: " +
    l.players.map((p) => p.name + (p.bot !== null ? " (bot)" : "") + (p.connected ? "" : p.human ? " (away)" : "")).join(", ");
  const c = $("#controls"); c.innerHTML = "";
  if (role === "host" && l.games) {
    for (const g of l.games) c.append(btn(g.title, () => send({t: "host", op: "select_game", game: g.id, options: {}})));
    c.append(btn("Add a bot", () => send({t: "host", op: "add_bot"})));
    c.append(btn("Start", () => send({t: "host", op: "start"})));
    c.append(btn("Play again", () => send({t: "host", op: "play_again"})));
  }
  for (const entry of st.legal || []) { const cmd = instance(entry); c.append(btn(JSON.stringify(cmd), () => send({t: "cmd", cmd}))); }
  $("#view").textContent = JSON.stringify({game: st.game, outcome: st.outcome}, null, 1);
}
if (path.startsWith("/tv")) {
  role = "host";
  const room = localStorage.getItem("pn-host-room"), token = room && localStorage.getItem("pn-host-" + room);
  connect(token ? {t: "hello", v: 1, role, room, token} : {t: "hello", v: 1, role}, "pn-host-");
  $("#tv").hidden = false;
} else if (path.startsWith("/join/") || path.startsWith("/watch/")) {
  const code = path.split("/")[2].toUpperCase();
  role = path.startsWith("/watch/") ? "spectator" : "player";
  const token = localStorage.getItem("pn-seat-" + code);
  if (role === "spectator") connect({t: "hello", v: 1, role, room: code}, "pn-watch-");
  else if (token) connect({t: "hello", v: 1, role, room: code, token}, "pn-seat-");
  else { const name = prompt("Your name?") || "Player"; connect({t: "hello", v: 1, role, room: code, name}, "pn-seat-"); }
  $("#tv").hidden = false;
} else if (path.startsWith("/join")) {
  $("#joinform").hidden = false;
}
"""


def fallback_page(base: str, web: Path | None) -> str:
    base_html = html.escape(base)
    where = html.escape(str(web)) if web is not None else "web-client/dist"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pizza Night</title>
<style>body{{font:18px system-ui,sans-serif;margin:1.5em;max-width:60em}}button{{font-size:1em;margin:.2em;padding:.5em .8em}}
#code{{font-size:3em;letter-spacing:.2em;font-weight:bold}}pre{{background:#f4f4f4;padding:.5em;overflow:auto;font-size:13px}}
#err{{color:#a00}}</style></head><body>
<h1>Pizza Night</h1>
<p>The full web client is not built (no <code>{where}/index.html</code>). Build it with
<code>scripts/serve</code> (it installs what is needed), or <code>cd web-client &amp;&amp; npm ci &amp;&amp; npm run build</code>,
then reload. Meanwhile this bare page works:</p>
<ul><li>TV: <a href="/tv">{base_html}/tv</a></li><li>Phones: <a href="/join">{base_html}/join</a></li></ul>
<form id="joinform" hidden onsubmit="location.href='/join/'+this.code.value.trim().toUpperCase();return false">
<label>Room code <input name="code" maxlength="4" autocapitalize="characters"></label> <button>Join</button></form>
<div id="tv" hidden><div id="code"></div><img id="qr" alt="" width="200"><p id="lobby"></p><p id="err"></p>
<div id="controls"></div><pre id="view"></pre></div>
<script>{_SCRIPT}</script></body></html>"""
