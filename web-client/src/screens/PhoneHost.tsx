// The host phone's lobby (Jackbox's VIP): the same game picker, options, bots
// and Start as the TV's lobby, laid out for a phone in portrait, so the TV
// needs no input after it shows the code.  Everything else (ending the room,
// stand-ins, another host) is in the host menu of the phone's header.
import type { Lobby } from "../net/wire";
import { S } from "../strings";
import { canStart, gamesOf, playingCount } from "../games/catalog";
import { GamePicker, PlayersPanel, type HostActions } from "./Lobby";
import { TurnTimerField } from "./HostMenu";
import { Qr } from "../ui/Qr";
import { joinUrl } from "../route";
import { useJoinBase } from "./Lobby";

/** No TV: the host phone shows the room's code, QR and address so the others can join from it. */
export function ShareRoom({ code }: { code: string }) {
  const base = useJoinBase();
  const url = joinUrl(base, code);
  const shown = url.replace(/^https?:\/\//, "");
  return (
    <section class="phone-share" aria-labelledby="phone-share-title">
      <h3 id="phone-share-title">{S.shareRoom}</h3>
      <p class="room-code" aria-label={`${S.roomCode}: ${code.split("").join(" ")}`}>
        {code}
      </p>
      <Qr text={url} label={S.qrLabel(shown)} px={180} />
      <p class="hint-text">{S.shareRoomHelp}</p>
      <p class="join-url">
        <strong>{shown}</strong>
      </p>
    </section>
  );
}

export function PhoneHostPanel({ lobby, host, room, me = null }: { lobby: Lobby; host: HostActions; room?: string; me?: number | null }) {
  const selected = gamesOf(lobby).find((g) => g.id === lobby.game) ?? null;
  const ready = selected ? canStart(selected, playingCount(lobby)) : false;
  return (
    <section class="phone-host" aria-labelledby="phone-host-title">
      <h2 id="phone-host-title">{S.youHost}</h2>
      <p class="hint-text">{lobby.no_tv ? S.youHostNoTvHelp : S.youHostHelp}</p>
      {lobby.no_tv && room && <ShareRoom code={room} />}
      <GamePicker lobby={lobby} host={host} />
      <PlayersPanel lobby={lobby} host={host} fromPhone inCharge me={me} />
      <TurnTimerField lobby={lobby} host={host} />
      <div class="lobby-start">
        <button class="btn btn-start" disabled={!ready} onClick={() => host.op("start")}>
          {S.start}
        </button>
      </div>
    </section>
  );
}
