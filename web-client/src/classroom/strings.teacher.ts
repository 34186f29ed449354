// The words of the class's projector (/class/CODE/screen) and of the teacher's
// own view (/teacher) added for issue 25, in English here and Spanish in
// strings.teacher.es.ts.  Kept apart from classroom/strings.ts (the phone's
// and the older teacher words) so the two pages can grow without editing the
// same file.  `T` follows the app's language switch, like `C`.
import { onLanguageChange, S } from "../strings";
import type { Lang } from "../i18n";
import { teacherEs } from "./strings.teacher.es";

export const teacherEn = {
  // --- the projector -------------------------------------------------------
  projectorTitle: "Pizza Night class",
  joinOn: "Join on a phone or tablet",
  goTo: "Go to",
  typeCode: "and type the code",
  orScan: "or scan",
  classCode: "Class code",
  turnOf: (name: string) => `${name}'s turn`,
  away: "away",
  bot: "bot",
  botPlays: "a bot plays for now",
  botFinishes: "a bot finishes this game",
  progress: (turn: number, deck: number) => `Turn ${turn} · ${deck} cards left to draw`,
  phase: { lobby: "Waiting to start", playing: "Playing", finished: "Game over", closed: "Closed" } as Record<string, string>,
  waitingNext: "Waiting for the next game",
  paused: "Paused by the teacher",
  classEnded: "This class has ended. Thank you for playing!",
  noTables: "The tables appear here when the teacher starts a game.",
  reconnecting: "Reconnecting to the class…",
  noClass: "There is no class with that code.",
  // --- the teacher's view --------------------------------------------------
  openProjector: "Open the projector view",
  // the teacher's own link, for running the class from another device (the page holds the class's secret)
  otherDevice: "Run this class from another device",
  otherDeviceHelp:
    "Open this link (or scan the code) on your other device: it opens this page there. Anyone who has it can run your class, so never show it on the projector.",
  teacherLink: "Teacher link",
  copyLink: "Copy the link",
  copied: "Copied",
  otherDeviceOnCreate:
    "Opened a class on another device? There, under “Run this class from another device”, is the link that opens it here.",
  projectorHelp: "For the projector: the tables, whose turn and how to join. No figures about any student, no buttons.",
  tabTables: "Tables",
  tabReport: "Report",
  needsHelp: "Needs help",
  /** Why a table may need the teacher (a reason's words; `name` the student, when the hub names one). */
  help: {
    idle: (name: string, seconds: number) => `${name} has not moved for ${seconds} s on their turn`,
    refused: (name: string, count: number) => `${name}: ${count} refused attempts in a row`,
    disconnected: (name: string) => `${name} is disconnected`,
    no_trick: (_name: string, count: number) => `No trick for ${count || 2} rounds`,
  },
  helpOther: (code: string) => `Check this table (${code})`,
  /** On top of the teacher's page, in "Needs help now": a new device asks for a student's seat, showing `check`. */
  asksNewDevice: (name: string, check: string | null) =>
    check ? `${name} asks to move to a new device: it shows ${check}` : `${name} asks to move to a new device`,
  // the table card's columns, in words (no symbol carries meaning alone)
  colPlayer: "Player",
  colHand: "Cards in hand",
  colDelivered: "Pizza delivered",
  turnWord: "turn",
  awayWord: "away",
  standIn: "a bot is playing for now",
  removedSeat: "removed: a bot plays",
  botWord: "bot",
  tricksAtTable: (n: number) => `Tricks this game: ${n}`,
  // suggested dot levels
  suggested: "Suggested dots for the next game",
  suggestedWhy: "Why",
  applySuggestion: "Apply",
  applied: "Applied from the next game",
  adaptAuto: "Adapt dot levels automatically",
  adaptAutoHelp: "After each game, every table gets its suggested dot levels for the next one. The report says what changed and why.",
  dotsWord: (dots: number[]) => (dots.length ? dots.map((d) => `${d}`).join(", ") : "none"),
  dotLevel: (d: number) => `${d} ${d === 1 ? "dot" : "dots"}`,
  helpAfter: "Needs help after (seconds without a move on their turn)",
  // the class's turn timer (off, or 10-600 s), and a bot playing one idle student's turn now
  timerTitle: "Turn timer",
  timerOn: "On, after",
  timerSeconds: "seconds",
  timerSecondsLabel: "Turn timer: seconds without a move",
  timerExplain: "A bot plays a student's turn after this long without a move (10 to 600 seconds).",
  timerSet: "Set the timer",
  timerRange: "The turn timer takes 10 to 600 seconds.",
  playTurn: "Play this turn for them",
  notTheirTurn: (name: string) => `There is no turn to play for ${name} now: it has probably moved on.`,
  dotsWhat: "What are dot levels?",
  dotsExplain:
    "Every card carries 1, 2 or 3 dots. 1 dot: quarters, halves and whole pizzas (1/4, 1/2, 3/4, 1). " +
    "2 dots: the same amounts in eighths and quarters (2/4, 2/8, 4/8, 6/8, 8/8), for equivalent fractions. " +
    "3 dots: odd eighths (1/8, 3/8, 5/8, 7/8), for adding unlike denominators. Fewer dots make an easier game.",
  relation: {
    same_card: "Same card",
    equivalent_fractions: "Equivalent fractions",
    same_denominator_sum: "Sum, same denominator",
    unlike_denominator_sum: "Sum, different denominators",
    whole_pizza: "Whole pizza",
    combined_orders: "Combined orders",
    toppings_matched: "Toppings matched",
  } as Record<string, string>,
  relationCells: "used / missed / refused",
  relationCell: (used: number, missed: number, refused: number) => `${used} used, ${missed} missed, ${refused} refused`,
  dotsNow: (dots: string) => `now ${dots}`,
  fromTo: (from: string, to: string) => `dots ${from} before, ${to} now`,
  keepDots: "Keep the same dots",
  figMedianTurn: "Typical turn",
  seconds: (n: number) => `${n} s`,
  printedOn: (when: string) => `Printed ${when}`,
  helpShort: "help",
  nobodyNeedsHelp: "No table needs help now.",
  helpNow: "Needs help now",
  projectorLink: "Projector",
  // the report
  reportTitle: (code: string) => `Class ${code}: report`,
  updated: (time: string) => `Updated ${time}`,
  refresh: "Refresh",
  print: "Print the report",
  summary: "Class summary",
  nextStep: "Next step",
  noNextStep: "Nothing to suggest yet.",
  levelChanges: "Dot levels changed",
  mayNeedTeacher: "May need the teacher",
  studentBlock: (name: string) => name,
  relations: "Fraction relations",
  relUsed: "used",
  relMissed: "missed",
  relRefused: "refused",
  noGames: "No game played yet.",
  // row figures, labelled in words
  figGames: "Games",
  figTricks: "Tricks",
  figPizza: "Pizza delivered",
  figMisses: "Missed tricks",
  figHints: "Hints",
  figRefused: "Refused attempts",
  /** After a removed student's name in the report (their figures stay). */
  removedFromClass: "removed from the class",
};

export type TeacherStrings = typeof teacherEn;

export const TEACHER_CATALOGUES: Record<Lang, TeacherStrings> = { en: teacherEn, es: teacherEs };

function inUse(): TeacherStrings {
  return TEACHER_CATALOGUES[S.lang];
}

/** The projector's and teacher's catalogue in use (a live binding: the language switch swaps it). */
export let T: TeacherStrings = inUse();

onLanguageChange(() => {
  T = inUse();
});
