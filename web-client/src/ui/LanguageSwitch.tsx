// The language switch on the phone and the TV: one button that names the
// other language in that language ("Español" / "English"), so a person who
// cannot read the current one still finds theirs.  `compact` (crowded
// headers) shows the language's two letters, with its full name spoken.
// The choice is remembered on this device (i18n.ts) and every screen
// re-renders in it (App).
import { LANGUAGES } from "../i18n";
import { S, setLanguage } from "../strings";

export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const next = LANGUAGES[(LANGUAGES.indexOf(S.lang) + 1) % LANGUAGES.length];
  return (
    <button
      type="button"
      class={`btn btn-quiet lang-switch ${compact ? "btn-small lang-compact" : ""}`}
      lang={next}
      title={`${S.language}: ${S.languageNames[next]}`}
      // The visible text starts the spoken name (axe: label-content-name-mismatch).
      aria-label={compact ? `${next.toUpperCase()}: ${S.languageNames[next]}` : undefined}
      data-lang={next}
      onClick={() => setLanguage(next)}
    >
      {compact ? next.toUpperCase() : S.languageNames[next]}
    </button>
  );
}
