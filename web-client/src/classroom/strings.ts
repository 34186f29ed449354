// The classroom's words (teacher's projector and students' class page), in
// English here and Spanish in strings.es.ts (checked against `ClassStrings`
// below, so a missing key fails the build).  `C` follows the app's language choice and switch
// (strings.ts `setLanguage`): a live binding swapped on every change.
import { onLanguageChange, S } from "../strings";
import type { Lang } from "../i18n";
import { classEs } from "./strings.es";

export const classEn = {
  classTitle: "Pizza Night class",
  joinClass: "Join the class",
  classCode: "Class code",
  yourName: "Your name",
  join: "Join",
  waitingForTeacher: "You are in! Waiting for the teacher to start the next game…",
  waitingForClassmate: "You are in! A table needs two players: waiting for a classmate to join…",
  table: (n: number) => `Table ${n}`,
  noClass: "There is no class with that code.",
  unreachable: "The class could not be reached: check the connection and try again.",
  teacherTitle: "Start a class",
  game: "Game",
  level: "Level",
  dots: "Dot levels",
  tableSize: "Players per table",
  reaction: "Reaction window (seconds; 0 = no speed play, without the purple cards)",
  bots: "Bots fill a short table",
  retention: "Keep the reports for (days)",
  hints: "Hints",
  hintsUnlimited: "As many as they like",
  hintsOff: "Off",
  hintsPerGame: (n: number) => `${n} per game`,
  create: "Open the class",
  joinAt: "Join at",
  withCode: "with code",
  startAll: "Start a game at every table",
  endAll: "End every table",
  pauseAll: "Pause every table",
  resumeAll: "Resume",
  paused: "Paused by the teacher",
  restart: "Restart",
  openLarge: "Show large",
  applyAll: "Apply to all, from the next game",
  applyTable: "Level for this table's next game",
  students: "Students",
  waiting: "Waiting for the next game",
  turn: (name: string) => `Turn: ${name}`,
  cardsLeft: "Cards left",
  tricks: (n: number) => `Tricks: ${n}`,
  lastTrick: "Last trick",
  needsHelp: "Needs help",
  finished: "Game over",
  phase: { lobby: "Waiting to start", playing: "Playing", closed: "Closed" } as Record<string, string>,
  report: "Report",
  downloadCsv: "Download CSV",
  downloadJson: "Download JSON (every trick and miss)",
  endClass: "End the class",
  deleteNow: "Delete the class and its reports now",
  keptFor: (days: number) => `Names and reports are deleted ${days} days after the class ends.`,
  idleEndsOn: (when: string) => `If nobody joins, plays or changes anything until ${when}, the class ends by itself.`,
  ended: "This class has ended.",
  deletesOn: (when: string) => `Its names and reports stay readable here until ${when}, then they are deleted.`,
  move: "Move to table",
  remove: "Remove",
  rename: "Rename",
  // Issue 24: asking before anything that cannot be undone, a new device, the class's end.
  confirmRemove: (name: string) => `Remove ${name} from the class? A bot finishes their game at their table.`,
  confirmEnd: "End the class? Every table stops, and the class becomes read-only (the reports stay).",
  confirmDelete: "Delete the class, its names and its reports now? This cannot be undone.",
  confirmRestart: (n: number) => `Table ${n} is in the middle of a game. Restart it anyway?`,
  startPlaying: (tables: string) => `Tables in the middle of a game: ${tables}. What should they do?`,
  keepPlaying: "Let them finish; start the other tables",
  restartThem: "Restart them too",
  yes: "Yes",
  cancel: "Cancel",
  newDevice: "New device",
  handoverTitle: (name: string) => `${name}'s code for a new device`,
  handoverHelp: (minutes: number) =>
    `On the new device, open the class page, type the name and this code. It works once, for ${minutes} minutes. Only this screen shows it, until you press Hide: if this screen is projected, give the code to the student some other way.`,
  hide: "Hide",
  handOver: "Hand the seat to the new device",
  confirmHandOver: (name: string, check: string | null) =>
    check
      ? `A new device asks for ${name}'s seat. Does ${name}'s new device show ${check}? Anyone can type a name: hand the seat over only if it does. The seat and hand move to it; the old device stops.`
      : `A new device asks for ${name}'s seat. Is it really ${name}'s? The seat and hand move to it; the old device stops.`,
  askTeacher: (name: string) => `Or ask your teacher to hand ${name}'s seat to this device: it joins as soon as they do.`,
  showTeacherCheck: "Show your teacher this number:",
  deviceShows: (check: string) => `the new device shows ${check}`,
  dangerZone: "Delete the class",
  standIn: "a bot is playing",
  removedSeat: "removed: a bot plays",
  classEnded: "This class has ended. Thank you for playing!",
  haveCode: "I have a code from my teacher",
  personalCode: "Code from your teacher",
  teacherStartsNext: "The teacher starts the next game.",
  columns: ["Name", "Games", "Tricks", "Pizza", "Same denom.", "Equivalent", "Sum to 1", "Combined", "Mixed no.", "Missed", "Hints", "Rejected"],
};

export type ClassStrings = typeof classEn;

/** A catalogue checked against English: every key, each of its type, and no key English lacks. */
function checked<T extends ClassStrings>(catalogue: T & Record<Exclude<keyof T, keyof ClassStrings>, never>): ClassStrings {
  return catalogue;
}

export const CLASS_CATALOGUES: Record<Lang, ClassStrings> = { en: classEn, es: checked(classEs) };

function inUse(): ClassStrings {
  return CLASS_CATALOGUES[S.lang];
}

/** The classroom catalogue in use (a live binding: the app's language switch swaps it). */
export let C: ClassStrings = inUse();

onLanguageChange(() => {
  C = inUse();
});
