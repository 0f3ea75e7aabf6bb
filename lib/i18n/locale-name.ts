/** Language names, pure: the audit catalogue and client components read them too. */

const names = new Map<string, Intl.DisplayNames>();

/** A language's name in a language: "French" in English, "français" in French. */
export function localeName(locale: string, inLocale = 'en'): string {
  let displayNames = names.get(inLocale);
  if (!displayNames) names.set(inLocale, (displayNames = new Intl.DisplayNames([inLocale], { type: 'language', fallback: 'code' })));
  return displayNames.of(locale) ?? locale;
}

const regions = new Map<string, Intl.DisplayNames>();

/** A country's name in a language: "Canada", "Allemagne" for DE in French. */
export function regionName(code: string, inLocale = 'en'): string {
  let displayNames = regions.get(inLocale);
  if (!displayNames) regions.set(inLocale, (displayNames = new Intl.DisplayNames([inLocale], { type: 'region', fallback: 'code' })));
  try {
    return displayNames.of(code) ?? code;
  } catch {
    return code;
  }
}
