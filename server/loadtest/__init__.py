"""``pizzanight loadtest``: real bots over real websockets against a hub.

Each room is a TV, spectators and bot phones; the phones play whole games
with the game's own bots (``GameSpec.bots``), choosing from the view and
the legal commands the hub sent their seat, at a given pace.  The counter
game measures the platform alone.  A progress line while it runs, a
summary at the end (moves/s, send->ack and send->state latency, errors,
lost moves, the hub's CPU and memory), and with ``--audit`` every frame
every viewer received is checked against the room's log for secrets.

Modules: ``runner`` (the command), ``play`` (one room), ``seat`` (a game
bot on one phone), ``client`` (one socket), ``screen`` (the only reader of
state frames), ``audit`` and ``oracles`` (the secret audit), ``stats``,
``usage`` (/proc CPU and memory), ``target`` (loopback only), ``spawn`` and
``hub`` (a hub for the run), ``counter`` (the throughput game).
"""
