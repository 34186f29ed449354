// The replay viewer's words and the host menu's "Download replay", in English
// here and Spanish in strings.es.ts (checked against English below, so a
// missing key fails the build).  `R` follows the app's language choice and
// switch (strings.ts `setLanguage`): a live binding swapped on every change.
import { onLanguageChange, S } from "../strings";
import type { Lang } from "../i18n";
import { replayEs } from "./strings.es";

export const replayEn = {
  title: "Pizza Night replay",
  about: (code: string, games: string, at: string) => `Room ${code} · ${games} · exported ${at.replace("T", " ").replace("+00:00", " UTC")}`,
  noGame: "no game",
  open: "Open a replay file",
  loading: "Loading the replay…",
  pick: "Open a replay file to watch a game again",
  pickHelp: "The host downloads it from the TV's menu, or the operator runs `pizzanight replay export CODE`.",
  reveals: "A replay shows everything that happened, including every hidden card and cut.",
  fetchFailed: (src: string, status: number) => `Could not load ${src}${status ? ` (HTTP ${status})` : ""}.`,
  controls: "Replay controls",
  toStart: "Back to the start",
  back: "Step back",
  play: "Play",
  pause: "Pause",
  forward: "Step forward",
  toEnd: "Jump to the end",
  position: "Position in the replay",
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  speed: "Speed",
  download: "Download replay",
  noHostToken: "This screen does not host the room.",
  afterTheGame: "The replay shows every player's cards: download it once the game is over.",
  downloadFailed: (status: number) => `The replay could not be downloaded (HTTP ${status}).`,
  lobby: (code: string) => `Room ${code}: the lobby`,
  lobbyHelp: "Players gather before the game starts.",
  closed: "The room has closed.",
  /** What each recorded event is called on the replay's step line (server/roomstate.py and each game's messages.py). */
  events: {
    RoomOpened: "Room opened",
    PlayerJoined: "A player joined",
    BotAdded: "A bot joined",
    PlayerRemoved: "A player left",
    SeatHandedToBot: "A bot took over a seat",
    RoomLocked: "Room locked",
    GameSelected: "Game chosen",
    TurnTimerSet: "Turn timer set",
    GameStarted: "Game started",
    BackToLobby: "Back to the lobby",
    RoomClosed: "Room closed",
    HostPhoneNamed: "A phone hosts",
    ExtraTimeSet: "Extra time set",
    DefaultMovePlayed: "A bot moved for an absent player",
    SittingOutSet: "Sitting out changed",
    ReclaimCodeIssued: "Seat code given",
    SeatReclaimed: "A player came back on another device",
    StandInSet: "Stand-in bot changed",
    StandInsAllowed: "Stand-in bots allowed",
    PlayerRenamed: "The teacher renamed a player",
    PizzaDealt: "Pizza dealt",
    FirstSlicerChosen: "First Slicer chosen",
    StackChosen: "Stack chosen",
    SpecialReplaced: "Special replaced",
    DibsOffered: "Dibs! offered",
    DibsCalled: "Dibs! called",
    DibsDeclined: "Dibs! declined",
    RingSliced: "Ring sliced",
    CutInLineOffered: "Cut in Line offered",
    CutInLineUsed: "Cut in Line played",
    CutInLineDeclined: "Cut in Line declined",
    SneakOffered: "Sneak-a-Slice offered",
    SliceSneaked: "Slice sneaked",
    SneakDeclined: "Sneak-a-Slice declined",
    PortionChosen: "Portion chosen",
    SpecialGained: "Special gained",
    MysterySliceDrawn: "Mystery slice drawn",
    SliceCollected: "Slice kept",
    SliceEaten: "Slice eaten",
    SliceKept: "Slice kept",
    CollectedSliceEaten: "Kept slice eaten",
    RoundEnded: "Round over",
    SecondsOffered: "Seconds offered",
    SecondsEaten: "Seconds eaten",
    SecondsFinished: "Seconds over",
    GameEnded: "Game over",
    RoundStarted: "Round started",
    ToppingAdded: "Topping placed",
    ToppingSkipped: "Topping skipped",
    NeutralDieRolled: "Neutral die rolled",
    NeutralToppingPlaced: "Neutral topping placed",
    NeutralToppingSkipped: "Neutral topping skipped",
    CutChosen: "Cut chosen",
    CutsRevealed: "Cuts revealed",
    ToppingsReplaced: "Toppings taken over",
    Dealt: "Cards dealt",
    TurnBegan: "Turn began",
    ReactionWindowClosed: "Reaction window closed",
    TrickTaken: "Trick taken",
    SpecialOrderPlayed: "Special Order played",
    TurnCancelled: "Turn cancelled by a Cancelled Order",
    CardsDrawn: "Cards drawn",
    TableRefilled: "Table refilled",
    PilesRebalanced: "Piles evened out",
    TurnPassed: "Turn passed",
    TurnEnded: "Turn over",
  },
};

export type ReplayStrings = typeof replayEn;

/** A catalogue checked against English: every key, each of its type, and no key English lacks. */
function checked<T extends ReplayStrings>(catalogue: T & Record<Exclude<keyof T, keyof ReplayStrings>, never>): ReplayStrings {
  return catalogue;
}

export const REPLAY_CATALOGUES: Record<Lang, ReplayStrings> = { en: replayEn, es: checked(replayEs) };

/** The replay catalogue in use (a live binding: the app's language switch swaps it). */
export let R: ReplayStrings = REPLAY_CATALOGUES[S.lang];

onLanguageChange(() => {
  R = REPLAY_CATALOGUES[S.lang];
});
