// Every word the client shows, in one catalogue.  English is the only
// language so far; another is a copy of `en` with the same keys (the type
// makes the compiler check that none is missing), chosen by `pickLanguage`.

export const en = {
  appName: "Pizza Night",
  tagline: "Pizza party games: the TV is the table, your phone is your hand.",

  // connection
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  reconnectingHelp: "The connection dropped. Your seat is kept; hold on.",
  ended_not_found: "There is no room with that code.",
  ended_room_closed: "This room has closed. Thanks for playing!",
  ended_replaced: "This room is open on another screen.",
  ended_rejected: "The room would not let this screen in.",
  ended_closed_by_client: "Disconnected.",
  useHere: "Use it here",
  startOver: "Start over",

  // TV lobby
  creatingRoom: "Setting the table…",
  joinAt: "Join on your phone",
  scanOrVisit: "Scan the code, or open",
  andEnter: "and enter",
  roomCode: "Room code",
  qrLabel: (url: string) => `QR code that opens ${url}`,
  players: "Players",
  noPlayersYet: "Nobody yet: scan the code to join.",
  bot: "bot",
  offline: "offline",
  chooseGame: "Choose a game",
  playerCount: (min: number, max: number) => `${min}–${max} players`,
  options: "Options",
  addBot: "Add a bot",
  removePlayer: (name: string) => `Remove ${name}`,
  lock: "Lock the room",
  unlock: "Let people join",
  locked: "Room locked",
  start: "Start the game",
  needPlayers: (min: number, max: number, have: number) =>
    have < min ? `Needs at least ${min} players (${have} so far)` : `At most ${max} players (${have} now)`,
  spectators: (n: number) => (n === 1 ? "1 watching" : `${n} watching`),
  closeRoom: "Close the room",
  and: "and",
  yes: "Yes",
  no: "No",

  // end screen
  gameOver: "Game over",
  winner: (names: string) => `${names} wins!`,
  winners: (names: string) => `${names} win!`,
  nobodyWins: "Nobody wins this time.",
  score: "Score",
  playAgain: "Play again",
  changeGame: "Change game",
  waitingForHost: "Waiting for the TV to start the next game…",

  // phone
  joinTitle: "Join a game",
  codeLabel: "Room code (on the TV)",
  nameLabel: "Your name",
  namePlaceholder: "Ana",
  join: "Join",
  rejoin: (code: string) => `Back to room ${code}`,
  joinedAs: (name: string) => `You are ${name}`,
  waitingToStart: "You're in! Waiting for the game to start…",
  yourTurn: "Your turn",
  waitingFor: (name: string) => `Waiting for ${name}`,
  waitingForOthers: "Waiting for the others",
  watchingOnly: "You are watching this game.",
  rules: "How to play",
  closeRules: "Close",
  codeInvalid: "Codes are 4 letters.",
  nameMissing: "Please type your name.",
  sending: "Sending…",
  leave: "Leave",

  // watch
  watching: "Watching",
  watchTitle: (code: string) => `Watching room ${code}`,

  // errors from the hub, by code prefix
  error: (code: string, message?: string) => message || code,

  // Pizza Theory
  pt_neutral: "Neutral",
  pt_faces: (sector: string) => `${sector} this round`,
  pt_winnerMark: "★ Winner",
  pt_end_full: "All 16 toppings on the pizza!",
  pt_end_full_tiebreak: "More than one colour filled the pizza: the most would-have toppings wins.",
  pt_end_neutral_full: "The neutral colour filled the pizza, so both players lose.",
  pt_end_round_limit: "Round limit reached: the most toppings on the pizza wins.",
  pt_order: "Turn order",
  pt_onPizza: (n: number) => `${n}/16 on the pizza`,
  pt_supply: (n: number) => `${n} toppings left to place`,
  pt_cutChosen: "Cut chosen ✓",
  pt_thinking: "Choosing a cut…",
  pt_adding: "Adding a topping…",
  pt_neutralTurn: "Neutral's turn…",
  pt_round: (round: number, max: number) => (max ? `Round ${round} of ${max}` : `Round ${round}`),
  pt_phase_setup: "Setting out the pizza",
  pt_phase_add: "Add toppings",
  pt_phase_neutral_roll: "Roll the neutral die",
  pt_phase_neutral_place: "Place the neutral topping",
  pt_phase_cut: "Everyone chooses a cut in secret",
  pt_phase_over: "The pizza is served",
  pt_cutAt: (name: string, line: number) => `${name} cut on line ${line}`,
  pt_sliceCount: (n: number) => `${n} slices`,
  pt_safe: (names: string) => `Safe this round: ${names}`,
  pt_boardLabel: (round: number) => `The pizza, round ${round}`,
  pt_spaceLabel: (c: readonly number[]) => `Row ${c[2] + 4}, space ${c[0] - Math.max(-3, -3 - c[2]) + 1}`,
  pt_placeHint: "Tap a glowing space, then confirm.",
  pt_placeHere: "Put my topping here",
  pt_placeNeutral: "Place a grey neutral topping beside the neutral cutter.",
  pt_placeNeutralHere: "Put the neutral topping here",
  pt_rollHint: "You roll the neutral die this round.",
  pt_roll: "Roll the neutral die",
  pt_cutHint: "Turn your die to a cut. Nobody sees it until all have chosen.",
  pt_cutLine: (n: number) => `Cut on line ${n}`,
  pt_pickCut: "Pick a number",
  pt_lockCut: (n: number) => `Cut on line ${n}`,
  pt_yourCut: (n: number) => `You chose line ${n}. Waiting for the reveal…`,
  pt_help_goal: "Get all 16 of your toppings onto the pizza. Your toppings are your colour and your shape.",
  pt_help_add: "Add: in turn, put one topping on an empty space that does not touch another of yours.",
  pt_help_cut: "Cut: everyone secretly turns a die to one of their six lines. Then all cuts fall at once.",
  pt_help_replace: "In each slice, whoever has the most toppings turns the others' toppings into theirs. With a two-way tie, the third colour is just removed.",
  pt_help_safe: "Safe: if you have at most one topping in every slice, none of yours can be taken this round.",
  pt_help_turn: "Then the pizza turns, so everyone gets a new direction to cut.",
  pt_help_two: "Two players: a grey neutral colour plays too. The first player rolls its die and places its topping.",

  // game names
  game_pizza_theory: "Pizza Theory",
  game_new_york_slice: "New York Slice",
  game_splittissimo: "Splittissimo",
};

export type Strings = typeof en;

/** The strings for the browser's language (English for now). */
export function pickLanguage(_languages: readonly string[] = []): Strings {
  return en;
}

export const S: Strings = pickLanguage(typeof navigator !== "undefined" ? navigator.languages : []);
