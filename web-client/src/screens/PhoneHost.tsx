// The host phone's lobby (Jackbox's VIP): the same game picker, options, bots
// and Start as the TV's lobby, laid out for a phone in portrait, so the TV
// needs no input after it shows the code.  Ending the room stays on the TV.
import type { Lobby } from "../net/wire";
import { S } from "../strings";
import { canStart, gamesOf, playingCount } from "../games/catalog";
import { GamePicker, PlayersPanel, type HostActions } from "./Lobby";
import { TurnTimerField } from "./HostMenu";

export function PhoneHostPanel({ lobby, host }: { lobby: Lobby; host: HostActions }) {
  const selected = gamesOf(lobby).find((g) => g.id === lobby.game) ?? null;
  const ready = selected ? canStart(selected, playingCount(lobby)) : false;
  return (
    <section class="phone-host" aria-labelledby="phone-host-title">
      <h2 id="phone-host-title">{S.youHost}</h2>
      <p class="hint-text">{S.youHostHelp}</p>
      <GamePicker lobby={lobby} host={host} />
      <PlayersPanel lobby={lobby} host={host} fromPhone />
      <TurnTimerField lobby={lobby} host={host} />
      <div class="lobby-start">
        <button class="btn btn-start" disabled={!ready} onClick={() => host.op("start")}>
          {S.start}
        </button>
      </div>
    </section>
  );
}
