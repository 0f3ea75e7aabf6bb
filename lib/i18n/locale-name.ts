/** Language names, pure: the audit catalogue and client components read them too. */

const names = new Map<string, Intl.DisplayNames>();

/** A language's name in a language: "French" in English, "français" in French. */
export function localeName(locale: string, inLocale = 'en'): string {
  let displayNames = names.get(inLocale);
  if (!displayNames) names.set(inLocale, (displayNames = new Intl.DisplayNames([inLocale], { type: 'language', fallback: 'code' })));
  return displayNames.of(locale) ?? locale;
}
