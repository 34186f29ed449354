// Every word the client shows, in one catalogue per language: `en` here and
// `es` in strings.es.ts (checked against `Strings` below, so the compiler refuses a missing
// key).  Plurals and lists come from the browser's Intl rules (i18n.ts).
// `S` is the catalogue in use: a live binding that `setLanguage` swaps, so
// every `S.key` read at render time speaks the chosen language.
import { chooseLanguage, listOf, num, ordinal, plural, saveLanguage, savedLanguage, type Lang } from "./i18n";
import { es } from "./strings.es";
import type { ErrorParams } from "./net/wire";

export const en = {
  appName: "Pizza Night",
  tagline: "Pizza party games: a TV (or your phones) is the table, your phone is your hand.",

  // connection
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  reconnectingHelp: "The connection dropped. Your seat is kept; hold on.",
  reconnectingHelpScreen: "The connection dropped. The game goes on; this screen catches up when it is back.",
  ended_not_found: "There is no room with that code.",
  ended_room_closed: "This room has closed. Thanks for playing!",
  ended_replaced: "This room is open on another screen.",
  ended_rejected: "The room would not let this screen in.",
  ended_removed: "The host took you out of this room. To play again, join as a new player.",
  ended_closed_by_client: "Disconnected.",
  useHere: "Use it here",
  roomEndedTitle: "The room has ended",
  tabBusyTitle: (code: string) => `Room ${code} is open in another tab`,
  tabBusyHelp: "Open a new room here, or move that room to this tab (the other tab lets go of it).",
  tabNewRoom: "Open a new room",
  tabMoveHere: (code: string) => `Move room ${code} here`,
  tabMovedTitle: "Moved to another tab",
  tabMoved: "This room moved to another tab of this browser.",
  joinAnother: "Join another game",
  startOver: "Start over",

  // TV lobby
  creatingRoom: "Setting the table…",
  joinAt: "Join on your phone",
  scanOrVisit: "Scan the code, or open",
  andEnter: "and enter",
  watchHere: "Just watching? Scan, or open",
  watchQrLabel: (url: string) => `QR code for spectators that opens ${url}`,
  roomCode: "Room code",
  qrLabel: (url: string) => `QR code that opens ${url}`,
  players: "Players",
  noPlayersYet: "Nobody yet: scan the code to join.",
  bot: "bot",
  offline: "offline",
  chooseGame: "Choose a game",
  playerCount: (min: number, max: number) => `${min}–${max} players`,
  options: "Options",
  optionRandom: "Random",
  seatNumber: (n: number) => `Seat ${n}`,
  addBot: "Add a bot",
  removePlayer: (name: string) => `Remove ${name}`,
  sittingOut: "sits out",
  chooseSitOut: "Choose who sits this one out.",
  sitOutShort: "Sit out",
  sitOutFor: (name: string) => `Sit out: ${name} watches the next game`,
  letPlayShort: "Let play",
  letPlay: (name: string) => `Let play: ${name} plays the next game`,
  lock: "Lock the room",
  unlock: "Let people join",
  locked: "Room locked",
  start: "Start the game",
  needPlayers: (min: number, max: number, have: number) =>
    have < min ? `Needs at least ${min} players (${have} so far).` : `At most ${max} players (${have} now).`,
  spectators: (n: number) => plural("en", n, { one: "# watching", other: "# watching" }),
  closeRoom: "Close the room",

  // host controls (TV)
  hostMenu: "Host",
  hostMenuMore: " menu: players, bots, turn timer, end the room",
  handedCount: (n: number) => plural("en", n, { one: "# seat played by a bot", other: "# seats played by bots" }),
  hostMenuTitle: "Host menu",
  seatsTitle: "Seats",
  letBotPlay: "Let a bot play",
  letBotPlayFor: (name: string) => `Let a bot play for ${name}`,
  giveBack: "Give back",
  giveBackTo: (name: string) => `Give back to ${name}`,
  botPlaying: "a bot plays",
  noHumanSeats: "Only bots are playing.",
  turnTimer: "Turn timer",
  turnTimerHelp: "When it runs out, a bot makes the move for whoever the game is waiting for.",
  timerOff: "Off",
  timerSeconds: (s: number) => `${s} s`,
  timerPreset: (name: string, s: number) => `${name} · ${s} s`,
  timer_quick: "Quick",
  timer_normal: "Normal",
  timer_extended: "Extended",
  extraTime: "Extra time",
  extraTimeFor: (name: string) => `Extra time for ${name} (twice as long per turn)`,
  countdown: (s: number) => `${s} s`,
  countdownLabel: (s: number) => `Time left for this turn: ${s} seconds`,
  timeRunningOut: "Hurry: a bot will move for you when the time runs out.",

  // audience reactions and the TV's sound
  reactionBar: "Send a reaction to the room",
  reactionNames: {
    thumbs_up: "Thumbs up",
    laugh: "Laugh",
    wow: "Wow",
    clap: "Applause",
    fire: "On fire",
    pizza: "Pizza",
  } as Record<string, string>,
  reactionCount: (n: number) => `×${n}`,
  // audience votes (server/votes.py): the watch page votes, the TV shows the tally
  audienceTitle: "Audience",
  audienceIdle: "guess along on the watch page when a vote opens",
  audienceIdleWatch: "When a vote opens, your guess goes here",
  voteAudience: "Audience vote",
  votePortionQuestion: (name: string) => `Which portion will ${name} pick?`,
  voteColourQuestion: "Whose toppings will the cuts hit hardest?",
  voteSeatQuestion: "Who delivers the most pizza this round?",
  votePortion: (letter: string) => `Portion ${letter}`,
  voteNobody: "Nobody's",
  voteNeutral: "Neutral",
  voteHowTo: "Watching? Vote on the watch page!",
  voteTapToGuess: "Tap your guess (you can change it until the votes close)",
  voteCount: (n: number) => (n === 1 ? "1 vote" : `${n} votes`),
  voteClosed: "Votes are in!",
  voteAnswer: "The answer",
  voteRight: (right: number, total: number) =>
    total === 0 ? "Nobody voted this time" : total === 1 ? (right ? "The one vote was right" : "The one vote was wrong") : `${right} of ${total} guessed right`,
  voteYouRight: "You guessed right!",
  voteYouWrong: "Not this time!",
  voteYourPick: "Your guess",
  soundOn: "Sound on",
  soundOff: "Sound off",
  soundToggle: "Sound",
  endRoom: "End the room",
  endRoomConfirm: "End the room for everyone? Phones will be disconnected.",
  endRoomYes: "Yes, end it",
  stopGame: "Stop this game",
  stopGameConfirm: "Stop this game for everyone? You all go back to the lobby, with the same players, and can start again or pick another game.",
  stopGameYes: "Yes, stop it",
  keepPlaying: "Keep playing",
  closeMenu: "Close",
  botPlaysForYou: "A bot is playing your seat for now. The host can give it back.",
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
  youWon: "You won! 🎉",
  youDidNotWin: "Not this time. Good game!",
  yourScore: (score: string) => `Your score: ${score}`,

  // phone
  joinTitle: "Join a game",
  reclaimLink: "I had a seat (new phone)",
  /** The button's words as the name-taken message quotes them. */
  reclaimLinkShort: "I had a seat",
  reclaimBack: "Join with a name instead",
  reclaimLabel: "Code from the host",
  reclaimHelp: "Lost your phone? The host picks New phone next to your name in the Host menu on their phone, and reads you the code.",
  reclaimInvalid: "The code from the host has 6 letters.",
  reclaimJoin: "Take my seat",
  reclaimButton: "New phone",
  reclaimFor: (name: string) => `Hand ${name}'s seat to a new phone`,
  reclaimShowTitle: (name: string) => `${name}: on the new phone, open the join page, choose "I had a seat" and type`,
  reclaimCodeLabel: (spelled: string) => `Code ${spelled}`,
  reclaimShowHelp: (minutes: number) =>
    `It works once, for ${plural("en", minutes, { one: "# minute", other: "# minutes" })}. The lost phone can no longer play.`,
  reclaimDone: "Done",
  reclaimBackNow: (name: string) => `${name} is back: the code is no longer needed.`,
  reclaimUntil: (time: string) => `Until ${time}`,
  codeLabel: "Room code (on the TV or the host's phone)",
  nameLabel: "Your name",
  namePlaceholder: "Ana",
  join: "Join",
  rejoin: (code: string) => `Back to room ${code}`,
  joinedAs: (name: string) => `You are ${name}`,
  waitingToStart: "You're in! Waiting for the game to start…",
  youHost: "You are the host",
  youHostHelp: "Pick a game, add bots if you like, and start when everyone is in. The TV just shows the table.",
  yourTurn: "Your turn",
  waitingFor: (name: string) => `Waiting for ${name}`,
  waitingForOthers: "Waiting for the others",
  watchingOnly: "You are watching this game.",
  noTv: "No TV",
  tableOnPhone: "The table",
  /** A phone while the room's TV has been gone a few seconds mid-game (it may never come back). */
  tvGone: "The TV is off.",
  showTableHere: "Show the table on this phone",
  /** The host menu: the table on another screen (the TV's browser changed, or a second screen). */
  anotherScreen: "The table on another screen",
  anotherScreenHelp: (address: string) => `Open ${address} in that screen's browser: it shows the table, and the code to join.`,
  finalTable: "The final table",
  playNextGame: "A game is on: you play from the next one. Here is how it's going.",
  sittingOutLobby: "The host has you sitting this one out",
  sittingOutLobbyHelp: "You watch the game from here. The host can let you play again.",
  sittingOutGame: "You are sitting this game out: you watch.",
  seatElsewhereTitle: "Playing in another tab",
  seatElsewhereHelp: "Your seat is now playing in another tab or window. Close this one, or play here instead.",
  playHere: "Play here",
  rules: "How to play",
  closeRules: "Close",
  codeInvalid: "Codes are 4 letters.",
  nameMissing: "Please type your name.",
  sending: "Sending…",
  leave: "Leave",

  // watch
  watching: "Watching",
  watchTitle: (code: string) => `Watching room ${code}`,


  // Pizza Theory
  pt_neutral: "Neutral",
  pt_faces: (sector: string) => `${sector} this round`,
  pt_winnerMark: "★ Winner",
  pt_end_full: "All 16 toppings on the pizza!",
  pt_end_full_tiebreak: "More than one colour filled the pizza: the most would-have toppings wins.",
  pt_end_neutral_full: "The neutral colour filled the pizza, so both players lose.",
  pt_end_round_limit: "Round limit reached: the most toppings on the pizza wins.",
  /** The sector facing a seat (views.py `sector`: 0, 1, 2). */
  pt_sector: (i: number) => ordinal("en", i + 1, { one: "#st", two: "#nd", few: "#rd", other: "#th" }),
  pt_order: "Turn order",
  pt_onPizza: (n: number) => `${n}/16 on the pizza`,
  pt_supply: (n: number) => plural("en", n, { one: "# topping left to place", other: "# toppings left to place" }),
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
  pt_botCutAt: (name: string, line: number) => `A bot cut on line ${line} for ${name}`,
  pt_sliceCount: (n: number) => plural("en", n, { one: "# slice", other: "# slices" }),
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

  // New York Slice
  nys_hiddenSlice: "A face-down slice",
  nys_pepperoni: (n: number) => plural("en", n, { one: "# pepperoni", other: "# pepperoni" }),
  nys_anchovies: (n: number) => plural("en", n, { one: "# anchovy", other: "# anchovies" }),
  nys_special: "Special",
  nys_ring: "The pizza",
  nys_portions: "Portions",
  nys_portionName: (i: number) => String.fromCharCode(65 + i),
  nys_round: (r: number, total: number) => `Round ${r} of ${total}`,
  nys_slicer: (name: string) => `Slicer: ${name}`,
  nys_stacksLeft: (n: number) => plural("en", n, { one: "# stack left", other: "# stacks left" }),
  nys_tableaus: "Everyone's slices",
  nys_eatenCount: (n: number) => `ate ${n}`,
  nys_nothingYet: "nothing collected yet",
  nys_keptCount: (n: number) => `kept ${n}`,
  nys_guestCheck: "Guest Check",
  nys_majorities: "Majorities",
  nys_specialsLine: "Specials",
  nys_pepperoniLine: "Pepperoni",
  nys_total: "Total",
  nys_endLine: (names: string, count: number, points: number) =>
    `${names} ${count === 1 ? "wins" : "share"} the Guest Check with ${points} points.`,
  nys_decision: {
    deal: () => "Dealing the pizza…",
    stack: (n: string) => `${n} picks a stack`,
    dibs: (n: string) => `${n} may call Dibs!`,
    slice: (n: string) => `${n} is slicing the pizza`,
    cut_in_line: (n: string) => `${n} may Cut in Line`,
    sneak: (n: string) => `${n} may Sneak a Slice`,
    choose: (n: string) => `${n} chooses a portion`,
    plate: (n: string) => `${n} collects or eats`,
    seconds: (n: string) => `${n} may have Seconds`,
    over: () => "The Guest Check is in",
  },
  nys_sliceHint: (n: number) => `Tap ✂ to cut the ring into portions. With the Special, make ${n} portions in all.`,
  nys_cutBefore: (pos: number) => `Cut before slice ${pos}`,
  nys_specialGoes: "goes…",
  nys_specialAlone: "On its own",
  nys_withPortion: (i: number) => `With ${String.fromCharCode(65 + i)}`,
  nys_portionCount: (have: number, need: number) => `${have} of ${need} portions`,
  nys_serve: "Serve these portions",
  nys_mystery: "Mystery slice",
  nys_offered: "You may eat this one now",
  nys_collectAs: (t: number) => `Collect (Supreme as ${t})`,
  nys_keep: "Keep",
  nys_collect: "Collect",
  nys_eat: "Eat",
  nys_pickStack: "You are the Slicer: pick a stack.",
  nys_stack: (i: number) => `Stack ${i + 1}`,
  nys_dibsHint: "Dibs!: take one slice before the pizza is cut?",
  nys_noThanks: "No, thanks",
  nys_cutInLineHint: "Cut in Line: choose your portion first?",
  nys_cutInLine: "Cut in line",
  nys_sneakHint: "Sneak-a-Slice: move one slice to a neighbouring portion?",
  nys_sneakMove: (portion: number, clockwise: boolean, to: number) =>
    `Move the ${clockwise ? "last" : "first"} slice of ${String.fromCharCode(65 + portion)} to ${String.fromCharCode(65 + to)}`,
  nys_choosePortion: "Your pick: which portion do you take?",
  nys_takePortion: (i: number) => `Take ${String.fromCharCode(65 + i)}`,
  nys_secondsHint: "Seconds: eat collected slices of one type before scoring.",
  nys_eatThis: (what: string) => `Eat ${what}`,
  nys_done: "Done",
  nys_yourSlices: "Your slices",
  nys_youAte: (n: number, pep: number) => `You ate ${n} (${pep} pepperoni) — only you can see this.`,
  nys_specials: {
    buffet: ["Buffet", "+1 for each different kind you collected."],
    combo_craving: ["Combo Craving", "+3 for each combo you eat; combos become edible."],
    cut_in_line: ["Cut in Line", "Once, later: pick your portion first."],
    day_old_pizza: ["Day-Old Pizza", "-2 points."],
    dibs: ["Dibs!", "Once, later: grab one slice before the cutting."],
    everyone_else_diet: ["Everyone-Else Diet", "Others lose 1 point per two slices they ate."],
    mystery_slice: ["Mystery Slice", "Take an unseen leftover slice."],
    seconds: ["Seconds", "Before scoring, eat your collected slices of one kind."],
    sneak_a_slice: ["Sneak-a-Slice", "Once, later: shift one slice between portions."],
    stuffed_crust: ["Stuffed Crust", "+5 points."],
    supersize_combos: ["Supersize Combos", "Your combos count double for both kinds."],
    tiebreaker: ["Tiebreaker", "You win the ties for most."],
    you_like_anchovies: ["You Like Anchovies!", "Collected anchovies score instead of cost."],
    you_love_veggies: ["You Love Veggies", "+3 per Veggie you eat; Veggies become edible."],
  },
  nys_help_goal: "Collect the most slices of a kind to score its number, and eat pepperoni for points. Anchovies cost a point each when you keep them.",
  nys_help_slice: "The Slicer turns over a stack: eleven slices in a ring and a Special. They cut the ring into one portion per player; the Special joins a portion or stands alone.",
  nys_help_choose: "Starting left of the Slicer, everyone takes a portion. The Slicer gets the last one, so slice fairly!",
  nys_help_keep: "For each slice: collect it face up (for majorities) or eat it face down (its pepperoni score now). Only slices with pepperoni can be eaten.",
  nys_help_score: "After the last stack, the Guest Check adds majorities, Specials and pepperoni. Most points wins; most slices eaten breaks ties.",

  // Splittissimo
  sp_topping: { mushroom: "mushroom", bell_pepper: "bell pepper", tomato: "tomato" },
  /** The letter on a topping's icon (so toppings never rely on colour alone). */
  sp_toppingLetter: { mushroom: "M", bell_pepper: "P", tomato: "T" } as Record<string, string>,
  sp_pizzaCard: (amount: string, tops: string) => `Pizza card ${amount}${tops ? ` with ${tops}` : ""}`,
  sp_orderCard: (amount: string, tops: string) => `Order for ${amount}${tops ? ` with ${tops}` : ""}`,
  sp_specialOrderCard: (tops: string) => `Special Order: ${tops}`,
  sp_cancelledCard: "Cancelled Order",
  sp_order: "ORDER",
  sp_specialShort: "SPECIAL",
  sp_cancelledShort: "CANCEL",
  sp_specialPlayed: (name: string) => `${name} played a Special Order`,
  sp_trickBy: (name: string) => `${name} made a trick`,
  sp_trickByBot: (name: string) => `A bot made a trick for ${name}`,
  sp_piles: "The pizza piles",
  sp_pileLabel: (i: number, n: number) => `Pile ${i + 1}, ${plural("en", n, { one: "# card", other: "# cards" })}`,
  sp_emptyPile: "empty",
  sp_cardsInPile: (n: number) => plural("en", n, { one: "# card", other: "# cards" }),
  sp_table: "The table",
  sp_level: (level: string) => `Level: ${level}`,
  sp_turnOf: (name: string) => `${name}'s turn`,
  sp_window: (s: number) => `Cancel window: ${s} s`,
  sp_cancelled: (by: string, who: string) => `${by} cancelled ${who}'s turn`,
  sp_deck: (n: number) => plural("en", n, { one: "# card left to draw", other: "# cards left to draw" }),
  sp_handCount: (n: number) => plural("en", n, { one: "# card", other: "# cards" }),
  // "1/2 pizza", "1 pizza", "2 pizzas", "1 1/2 pizzas" (amount is a mixed number)
  sp_delivered: (amount: string) => (/^-?\d+\/\d+$/.test(amount) || amount === "1" ? `${amount} pizza` : `${amount} pizzas`),
  sp_passed: "passed",
  sp_playCancelled: "Play Cancelled Order!",
  sp_tableTitle: "On the table",
  sp_handTitle: "Your hand",
  sp_takeTrick: "Take this trick",
  sp_playSpecial: "Play Special Order",
  sp_endTurn: "End my turn",
  sp_pass: "No trick: draw and pass",
  sp_passAnyway: "Stuck? Draw and pass",
  sp_hint: "Show me a hint",
  sp_help_goal: "Deliver as much pizza as you can. Amounts are fractions: two quarters make a half.",
  sp_help_trick: "A trick: one card on one side, two or more on the other, and both sides hold the same amount of pizza.",
  sp_help_turn: "Take as many tricks as you like on your turn, then end it and draw back up. No trick? Draw one and pass.",
  sp_help_standard: "Standard and advanced: your cards are Orders, the table has three Pizza piles, and every pizza must carry the toppings its order asks for.",
  sp_help_special: "Purple cards: a Special Order grabs every open pizza with its toppings; a Cancelled Order skips someone's turn while the countdown runs.",

  // game names
  game_pizza_theory: "Pizza Theory",
  game_new_york_slice: "New York Slice",
  game_splittissimo: "Splittissimo",

  // language
  lang: "en" as Lang,
  language: "Language",
  /** Each language named in itself, for the switch. */
  languageNames: { en: "English", es: "Español" } as Record<Lang, string>,
  list: (items: readonly string[]) => listOf("en", items),
  seat: (n: number) => `Seat ${n + 1}`,
  winnerMark: "winner",
  nameTooLong: (max: number) => `Names are at most ${max} letters.`,

  // the host's options, by game and option name: [label, one-line help]
  optionText: {
    pizza_theory: {
      max_rounds: ["Round limit", "If nobody has filled the pizza by the end of this round, the game ends and the most toppings on the pizza wins. 0: no limit, play until someone fills it."],
    },
    new_york_slice: {
      first_slicer: ["First Slicer", "Who slices first; Random draws one."],
      veggies_eaten_later: ["You Love Veggies, later rounds too", "The owner of You Love Veggies may also eat Veggies gained in later rounds."],
    },
    splittissimo: {
      level: ["Level", "Easy (6+): round Pizza cards. Standard (8+): Orders and toppings. Advanced (10+): scores with what is left in your hand."],
      dots: ["Card difficulty (dots)", "1 dot: quarters and halves; 2 and 3 dots: the same amounts in eighths and more."],
      reaction_ms: ["Cancel window (seconds)", "How long the others may play a Cancelled Order before each turn."],
      special_cards: ["Special cards", "Shuffle the purple Special Order and Cancelled Order cards into the Order deck."],
      pass_anytime: ["Pass anytime", "A player may pass (and draw) even when a trick is possible; it counts as a missed trick."],
    },
  } as Record<string, Record<string, readonly [string, string]>>,
  /** A choice's words where the value itself is not a word (levels, "random"). */
  optionChoice: {
    random: "Random",
    easy: "Easy",
    standard: "Standard",
    advanced: "Advanced",
  } as Record<string, string>,

  // why the hub refused something: one sentence per error code
  errors: {
    "move/not_your_turn": "It is not your turn yet.",
    "move/wrong_phase": "That can't be done right now.",
    "move/unknown_command": "That move isn't part of this game.",
    "move/game_over": "The game is already over.",
    "move/not_a_player": "Only players at the table can do that.",
    "move/not_in_this_level": "That card is not used at this level.",
    "protocol/malformed": "Something went wrong with the connection. Try again.",
    "protocol/too_large": "Something went wrong with the connection. Try again.",
    "protocol/bad_frame": "Something went wrong with the connection. Try again.",
    "protocol/unknown_frame": "Something went wrong with the connection. Try again.",
    "protocol/version": "This page is out of date: reload it.",
    "protocol/expected_hello": "Something went wrong with the connection. Try again.",
    "protocol/bad_command": "That move could not be read. Try again.",
    "auth/bad_token": "This phone's seat was not recognised: join again.",
    "auth/superseded": "This seat is already open in a newer connection.",
    "auth/forbidden": "Only the TV can do that.",
    "room/not_found": "There is no room with that code.",
    "room/locked": "The room is locked: ask the host to let people join.",
    "room/full": "The room is full.",
    "room/name_taken": "Someone in the room already has that name: pick another.",
    "room/bad_name": "Please pick a shorter name made of letters.",
    "room/closed": "This room has closed.",
    "room/not_playing": "No game is being played right now.",
    "room/not_seated": "You are not playing in this game.",
    "room/paused": "Your teacher has paused the game: wait a moment.",
    "room/bot_seat": "A bot is playing your seat: the host can give it back.",
    "host/unknown_op": "The TV asked for something the room does not know.",
    "host/unknown_game": "That game is not on offer.",
    "host/bad_options": "Those options don't work together.",
    "host/no_game": "Choose a game first.",
    "host/player_count": "This game needs a different number of players.",
    "host/too_few_cards": "With these options there are too few cards for everyone: choose more cards or fewer players.",
    "host/unknown_bot": "That kind of bot is not on offer.",
    "host/unknown_player": "That player has left.",
    "host/in_game": "That can't be done during a game.",
    "host/not_finished": "The game is not over yet.",
    "host/bad_value": "That value is not allowed.",
    "hint/unavailable": "No hints in this game.",
    "hint/off": "Your teacher has turned hints off.",
    "hint/none_left": "No hints left in this game.",
    "rate/limited": "Slow down a little and try again.",
    "rate/reactions": "That's a lot of cheering! Wait a moment before the next reaction.",
    "reaction/unknown": "That reaction is not one of ours.",
    "vote/audience_only": "Only the audience votes: players play!",
    "vote/closed": "That vote has closed.",
    "vote/bad_pick": "That is not one of the choices.",
    "rate/votes": "Easy! Wait a moment before changing your guess again.",
    "rate/join_throttled": "Too many joins at once: wait a moment and try again.",
    "rate/not_reading": "The connection is too slow.",
    "rate/room_busy": "The room is busy: try again in a moment.",
    "server/moved": "The room moved: reconnecting…",
    "server/store": "The move could not be saved: try again.",
    "server/bug": "Something went wrong on the server. Try again.",
    // Classroom (the class's HTTP answers): the teacher's projector and the class page
    "class/not_found": "There is no class with that code: check it with your teacher.",
    "class/not_teacher": "Only this class's teacher can do that.",
    "class/bad_token": "You are no longer in this class: join it again with your name.",
    "class/closed": "This class has ended.",
    "class/bad_request": "That request could not be read. Reload the page and try again.",
    "class/bad_name": "Please type a shorter name made of letters.",
    "class/name_taken": "Someone in this class already has that name: pick another.",
    "class/full": "This class is full.",
    "class/bad_options": "Those class settings don't work together.",
    "class/unknown_table": "There is no such table.",
    "class/unknown_student": "That student is not in the class any more.",
    "class/no_students": "At least two students (or one, with bots) are needed to start a table.",
    "class/table": "A table could not start. Try again.",
    "class/moved": "The class is moving to another server: try again in a moment.",
    "class/seat_moved": "Your seat moved to another device. If that was not you, tell your teacher.",
    "class/bad_handover_code": "That code does not work (wrong, used or expired): ask your teacher for a new one.",
    "class/tables_playing": "Some tables are in the middle of a game.",
    "class/slow_down": "Take a moment, then try again.",
    "class/no_more_tries": "No more tries this turn: pass, or ask for a hint.",
    "class/not_their_turn": "It is not this student's turn any more: their table has moved on.",
    // Pizza Theory
    "topping/not_a_space": "That is not a space on the pizza.",
    "topping/space_taken": "That space is taken.",
    "topping/next_to_own": "Your toppings may not touch each other.",
    "topping/not_touching_cutter": "The neutral topping goes beside the neutral cutter.",
    "cut/no_such_line": "Pick one of your six lines.",
    "cut/already_chosen": "You already chose your cut.",
    // New York Slice
    "stack/no_such_stack": "Pick one of the stacks.",
    "slice/no_such_slice": "That slice is not there.",
    "slicing/wrong_portion_count": "Make one portion per player.",
    "slicing/bad_cuts": "Those cuts don't make portions.",
    "slicing/empty_portion": "Every portion needs at least one slice.",
    "slicing/not_a_run": "A portion is slices side by side.",
    "slicing/slices_left_out": "Every slice must be in a portion.",
    "slicing/bad_special_place": "Put the Special with a portion or on its own.",
    "choose/no_such_portion": "Pick one of the portions.",
    "choose/portion_taken": "Someone already took that portion.",
    "sneak/no_adjacent_portion": "There is no portion on that side.",
    "sneak/would_empty_portion": "That would leave a portion empty.",
    "plate/not_awaiting_decision": "Nothing is waiting on your plate.",
    "plate/not_edible": "Only slices with pepperoni can be eaten.",
    "plate/bad_supreme_attachment": "Choose which kind this slice counts as.",
    "seconds/not_collected": "You can only eat slices you collected.",
    "seconds/one_type_only": "Seconds: eat slices of one kind only.",
    // Splittissimo
    "card/not_in_hand": "That card is not in your hand.",
    "card/not_open": "That card is not on the table.",
    "card/repeated": "Each card counts once.",
    "card/wrong_kind": "That card can't be used like that.",
    "trick/shape": "A trick is one card on one side and two or more on the other.",
    "trick/amounts_differ": "Both sides must make the same amount of pizza.",
    "trick/topping_missing": "The pizzas need the toppings the orders ask for.",
    "turn/no_trick_yet": "Take a trick before you end your turn.",
    "turn/trick_available": "There is a trick you can take: look again!",
    "turn/already_took_trick": "You already took a trick, so end your turn instead.",
    "window/open": "Wait: the others may still cancel this turn.",
    "interrupt/window_closed": "Too late: the turn has started.",
    "interrupt/too_late": "Too late: the turn has started.",
    "interrupt/own_turn": "You can't cancel your own turn.",
    "special/own_turn_only": "Play a Special Order on your own turn.",
    "special/no_matching_pizza": "No open pizza has those toppings.",
    "timer/room_only": "Only the room can do that.",
    "timer/stale": "That timer has already run out.",
    // Seat reclaim (a lost phone's seat on a new device)
    "room/bad_reclaim": "That code does not match a seat here (a code works only once): check it with the host.",
    "room/reclaim_expired": "That code has expired: ask the host for a new one.",
    "host/seat_connected": "That player's phone is still connected: only a lost phone's seat can be handed over.",
    "room/seat_moved": "Your seat moved to another phone.",
    "host/class_table": "The teacher runs this table.",
  } as Record<string, string>,
  /** Sentences that use the error's `params` (numbers, names); the plain sentence above when params are missing. */
  errorParams: {
    "room/full": (p: ErrorParams) => `The room is full: ${plural("en", num(p.max), { one: "at most # player", other: "at most # players" })}.`,
    "room/name_taken": (p: ErrorParams) =>
      `Someone here is already called ${p.name}. Is this you on a new phone? Ask the host for a code, then tap I had a seat. If not, pick another name.`,
    "room/bad_name": (p: ErrorParams) =>
      p.reason === "unkind" ? "That name is not a kind one: please choose another."
      : p.reason === "empty" ? "Type a name first."
      : p.reason === "unprintable" ? "Use letters, digits, spaces and emoji only."
      : `A name has ${plural("en", num(p.max), { one: "at most # letter", other: "at most # letters" })}: please make it shorter.`,
    "room/reclaim_expired": (p: ErrorParams) =>
      `That code has expired (codes last ${plural("en", num(p.minutes), { one: "# minute", other: "# minutes" })}): ask the host for a new one.`,
    "host/bad_value": (p: ErrorParams) => `That value is not allowed: at most ${p.max}.`,
    "host/player_count": (p: ErrorParams) =>
      `${p.game} takes ${num(p.min)}–${num(p.max)} players, and ${plural("en", num(p.players), { one: "# is", other: "# are" })} ready to play.`,
    "host/too_few_cards": (p: ErrorParams) =>
      `With these options ${p.game} has ${plural("en", num(p.cards), { one: "# card", other: "# cards" })}, and dealing to ${num(p.players)} players takes ${num(p.needed)}: add a dot level (or the special cards), or play with fewer.`,
    "host/seat_connected": (p: ErrorParams) =>
      p.seconds !== undefined
        ? `${p.name}'s phone may still come back: a new phone can take the seat in ${plural("en", num(p.seconds), { one: "# second", other: "# seconds" })}.`
        : `${p.name}'s phone is still connected: only a lost phone's seat can be handed over.`,
    "slicing/wrong_portion_count": (p: ErrorParams) =>
      `Make ${plural("en", num(p.portions), { one: "# portion", other: "# portions" })}: one per player.`,
    "class/name_taken": (p: ErrorParams) =>
      `Someone in this class is already called ${p.name}. If that is you on a new device, type the code your teacher gives you; if not, pick another name.`,
    "class/seat_moved": (p: ErrorParams) => `${p.name}'s seat moved to another device. If that was not you, tell your teacher.`,
    "class/tables_playing": (p: ErrorParams) =>
      num(p.count) === 1 ? `Table ${p.tables} is in the middle of a game.` : `Tables ${p.tables} are in the middle of a game.`,
    "class/bad_name": (p: ErrorParams) =>
      p.reason === "unkind" ? "That name is not a kind one: please choose another."
      : p.reason === "empty" ? "Type a name first."
      : p.reason === "unprintable" ? "Use letters, digits, spaces and emoji only."
      : `A name has ${plural("en", num(p.max), { one: "at most # letter", other: "at most # letters" })}: please make it shorter.`,
    "class/full": (p: ErrorParams) => `This class is full: ${plural("en", num(p.max), { one: "at most # student", other: "at most # students" })}.`,
    "class/slow_down": (p: ErrorParams) =>
      `Take a moment: you can try again in ${plural("en", num(p.seconds), { one: "# second", other: "# seconds" })}.`,
    "class/no_more_tries": (p: ErrorParams) =>
      `That was ${plural("en", num(p.max), { one: "# try", other: "# tries" })} this turn: pass, or ask for a hint.`,
  } as Record<string, (p: ErrorParams) => string>,
  /** A code this client does not know yet. */
  errorUnknown: "That didn't work. Try again.",

  // New York Slice: pizza kinds by number (the hub names them in English)
  nys_types: {
    3: "Veggie",
    4: "Margherita",
    5: "Hawaiian",
    6: "BBQ Chicken",
    7: "Sausage",
    8: "Mushroom",
    9: "Pepperoni",
    10: "Meat Lovers",
    11: "Cheese",
  } as Record<number, string>,
  nys_anchovySlice: "Anchovy",
  nys_supremeSlice: "Supreme",
  nys_summary: (points: number) => plural("en", points, { one: "Top score: # point", other: "Top score: # points" }),

  // Splittissimo: why the game ended, prompts, hints, scores
  sp_end_all_delivered: "Every pizza is delivered: no Pizza card is left!",
  sp_end_deck_empty: "The deck ran out: a card had to be drawn and none was left.",
  sp_end_deck_empty_orders: "The Order deck ran out: a card had to be drawn and none was left.",
  sp_end_no_tricks: "Everyone passed in a row.",
  sp_end_other: "The game is over.",
  sp_levelName: { easy: "easy", standard: "standard", advanced: "advanced" } as Record<string, string>,
  sp_waitCountdown: "Your turn starts when the countdown ends: the others may cancel it with a Cancelled Order.",
  sp_mayCancel: (name: string) => `${name}'s turn is about to start: you may cancel it with your Cancelled Order.`,
  sp_aboutToStart: (name: string) => `${name}'s turn is about to start.`,
  sp_mayTakeOver: (name: string) => `${name}'s turn: you may take it over with your Special Order.`,
  sp_nothingToDo: "Nothing to play right now: wait for your turn.",
  sp_hintFailed: "No hint right now: try again in a moment.",
  sp_hintTrickEasy: (hand: readonly string[], table: readonly string[], sum: string) =>
    `Your ${listOf("en", hand)} ${hand.length > 1 ? "together make" : "matches"} the ${listOf("en", table)} on the table: ${sum}.`,
  sp_hintTrick: (hand: readonly string[], table: readonly string[], toppings: readonly string[], sum: string) =>
    `${plural("en", hand.length, { one: "Your order", other: "Your orders" })} for ${listOf("en", hand)} ${plural("en", hand.length, { one: "matches", other: "match" })} ` +
    `${plural("en", table.length, { one: "the pizza", other: "the pizzas" })} ${listOf("en", table)}` +
    (toppings.length ? `, with ${listOf("en", toppings)}` : "") +
    `: ${sum}.`,
  sp_hintSpecial: (toppings: readonly string[], taken: readonly string[], sum: string) =>
    `Your Special Order takes every open pizza with ${listOf("en", toppings)}: ${listOf("en", taken)}${taken.length > 1 ? `, ${sum}` : ""}.`,
  sp_hintCancel: (draws: boolean) =>
    `You may play your Cancelled Order now: the turn about to begin is skipped${draws ? ", and you draw a card" : ""}.`,
  sp_hintEndTurn: (cards: number) => `No more tricks: end your turn and draw back up to ${plural("en", cards, { one: "# card", other: "# cards" })}.`,
  sp_hintPass: "No trick is possible with your cards: draw one card and pass.",
  sp_scoreAdvanced: (total: string, delivered: string, orders: string, specials: number) =>
    `${total} = ${delivered} delivered − ${orders} orders − ${plural("en", specials, { one: "# special", other: "# specials" })}`,

  // no TV: a room opened from a phone, every phone shows the table
  noTvTitle: "No TV?",
  noTvHelp: "Start a room on this phone: everyone plays on their own phone, and each phone shows the table above its hand.",
  startOnPhone: "Start a room on this phone",
  shareRoom: "Share this room",
  shareRoomHelp: "Friends scan this code, or open the address and enter the room code.",
  youHostNoTvHelp: "Pick a game, add bots if you like, and start when everyone is in. Every phone shows the table.",
  // issue 24: who is in charge, presence, announcements (ui/authority.ts, ui/notices.ts)
  hostsFromPhone: (name: string) => `${name} hosts from their phone`,
  isHost: (name: string) => `${name} is the host`,
  tvHostsRoom: "The TV hosts this room",
  nobodyHosts: "Nobody hosts right now: the first phone back takes over.",
  teacherRuns: "The teacher runs this table",
  startsNext: (name: string) => `${name} starts the next game`,
  teacherStartsNext: "The teacher starts the next game",
  presenceAway: "away",
  presenceAbsent: "gone",
  standInTag: "bot playing",
  standInFor: (names: string) => `A bot is playing for ${names}`,
  droppedBotSoon: (name: string) => `${name}'s phone dropped: a bot takes over soon`,
  droppedWaiting: (name: string) => `${name}'s phone dropped: waiting for ${name} to come back`,
  droppedManyBotSoon: (names: string) => `The phones of ${names} dropped: bots take over soon`,
  droppedManyWaiting: (names: string) => `The phones of ${names} dropped: waiting for them to come back`,
  noticeSeatMovedBy: (name: string, by: string) => `${name}'s seat moved to a new phone (handed over by ${by})`,
  noticeSeatMovedTv: (name: string) => `${name}'s seat moved to a new phone (handed over from the TV)`,
  noticeSeatMovedTeacher: (name: string) => `${name}'s seat moved to a new device (handed over by the teacher)`,
  noticeHostChanged: (name: string) => `${name} is now the host`,
  noticeYouHost: "You are now the host: the Host menu is at the top",
  noticeStandIn: (name: string) => `${name} is away: a bot is playing for ${name}`,
  noticeBack: (name: string) => `${name} is back`,
  noticeYouBack: "Welcome back: your seat is yours again",
  noticeTimedOut: (name: string) => `Time ran out: a bot moved for ${name}`,
  noticeYouTimedOut: "Time ran out: a bot moved for you",
  pausedYourTurn: "Your turn goes on when your teacher resumes the game",
  noticeRemoved: (name: string) => `${name} has left the game: a bot plays their seat to the end`,
  noticeGameStopped: (name: string) => `${name} stopped the game: back to the lobby`,
  noticeYouStoppedGame: "You stopped the game: back to the lobby",
  noticePlayedFor: (name: string) => `The teacher had a bot play ${name}'s turn`,
  noticeYouPlayedFor: "Your teacher had a bot play your turn",
  // the TV's big moments (issue 27): a few words, said large for a moment
  moment_cutsRevealed: "The cuts are revealed!",
  moment_sliced: (name: string) => `${name} sliced the pizza!`,
  moment_timeUp: (name: string) => `Time's up, ${name}!`,
  moment_botFor: (name: string) => `A bot plays for ${name}`,
  phoneGone: (name: string) => `${name}'s phone is gone, and the game waits for them.`,
  botPlaysForYouHost: "A bot is playing your seat for now. Give it back in the Host menu.",
  botPlaysForYouTeacher: "A bot is playing your seat for now. Your teacher can give it back.",
  botPlaysForYouBy: (name: string) => `A bot is playing your seat for now. ${name} (the host) can give it back.`,
  seatMovedTitle: "Your seat moved to another phone",
  seatMovedHelp: "The host handed your seat to a new phone, so this one can no longer play it. You can join the room as a new player, or watch.",
  joinAsNew: "Join as a new player",
  watchInstead: "Watch the game",
  // the host menu's tabs and rows (HostMenu.tsx)
  tabPlayers: "Players",
  tabRoom: "Room",
  you: "you",
  remove: "Remove",
  removeConfirm: (name: string) => `Remove ${name} from the room? A bot takes their seat if a game is on.`,
  removeYes: "Yes, remove",
  cancel: "Cancel",
  makeHost: "Make host",
  makeHostFor: (name: string) => `Make host: ${name}`,
  standIns: "A bot plays for anyone who is gone",
  standInsHelp: "When a phone has been gone a little while, a bot takes its turns until the player is back.",
  absentCount: (n: number) => plural("en", n, { one: "# player is gone", other: "# players are gone" }),
  // Splittissimo's hint button (you.hints)
  sp_hintsLeft: (n: number) => plural("en", n, { one: "# hint left", other: "# hints left" }),
  sp_hintsNone: "No hints left",
  sp_hintsOff: "Hints are off",
};

export type Strings = typeof en;

/**
 * A catalogue checked against English: every key, each of its type, and no
 * key English lacks.  (strings.es.ts does not import this module's `Strings`,
 * so the two files make no import circle; the check lives here instead.)
 */
function checked<T extends Strings>(catalogue: T & Record<Exclude<keyof T, keyof Strings>, never>): Strings {
  return catalogue;
}

/** Every catalogue, by language: the one place they are put together and chosen from. */
export const CATALOGUES: Record<Lang, Strings> = { en, es: checked(es) };

/** The catalogue in use (a live binding: `setLanguage` swaps it). */
export let S: Strings = CATALOGUES[chooseLanguage(savedLanguage(), typeof navigator !== "undefined" ? navigator.languages : [])];

const listeners = new Set<() => void>();

/** Switch every screen to `lang`, remember it on this device, and re-render whoever listens. */
export function setLanguage(lang: Lang, remember = true): void {
  S = CATALOGUES[lang];
  if (remember) saveLanguage(lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const f of listeners) f();
}

/** Call `f` after each language switch; returns the unsubscribe. */
export function onLanguageChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/**
 * The sentence for a refused request: from its code and params, never the
 * hub's English message.  A params sentence is used only when the error has
 * every param it names; otherwise the plain one.
 */
export function errorText(code: string, params?: ErrorParams | null): string {
  const withParams = params ? S.errorParams[code] : undefined;
  if (withParams && params) return withParams(params);
  return S.errors[code] ?? S.errorUnknown;
}

/** The options' label and help in the current language (the hub's schema words as a fallback). */
export function optionWords(game: string, name: string, fallback: { label: string; help?: string | null }): { label: string; help: string } {
  const words = S.optionText[game]?.[name];
  return words ? { label: words[0], help: words[1] } : { label: fallback.label, help: fallback.help ?? "" };
}
