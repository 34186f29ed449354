// Language plumbing the catalogues share: which languages exist, which one a
// browser gets, and the grammar the browser already knows (plural categories
// through Intl.PluralRules, "A, B and C" through Intl.ListFormat), so no
// catalogue hand-rolls a plural or list rule.

export const LANGUAGES = ["en", "es"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Where a person's own choice of language is remembered (the phone and the TV switch). */
export const LANG_STORAGE_KEY = "pizzanight.lang";

function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to show: a choice the person made on this device wins, then
 * the first of the browser's languages we have ("es-MX" -> "es"), then English.
 */
export function chooseLanguage(saved: string | null | undefined, browser: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

/** The plural forms of one phrase; `other` is the one every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The form of `forms` that `lang`'s plural rules pick for `n` ("#" is replaced by `n`). */
export function plural(lang: Lang, n: number, forms: PluralForms): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const form = forms[rules.select(n)] ?? forms.other;
  return form.replace(/#/g, String(n));
}

const ordinalRules = new Map<Lang, Intl.PluralRules>();

/** Like `plural`, with the ordinal categories ("1st", "2nd", "3rd", "4th" in English). */
export function ordinal(lang: Lang, n: number, forms: PluralForms): string {
  let rules = ordinalRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang, { type: "ordinal" });
    ordinalRules.set(lang, rules);
  }
  const form = forms[rules.select(n)] ?? forms.other;
  return form.replace(/#/g, String(n));
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" (in Spanish "Ana, Ben y Cy"). */
export function listOf(lang: Lang, items: readonly string[]): string {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
}

/** The saved choice, when storage is readable (private modes may refuse it). */
export function savedLanguage(): string | null {
  try {
    return typeof localStorage !== "undefined" ? localStorage.getItem(LANG_STORAGE_KEY) : null;
  } catch {
    return null;
  }
}

export function saveLanguage(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Not remembered; the switch still works for this page.
  }
}

/** A number parameter of an error (the hub sends integers; anything else counts as 0). */
export function num(value: string | number | undefined): number {
  return typeof value === "number" ? value : Number(value) || 0;
}
