import { readerText } from '@/lib/i18n/reader-text';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import { TagChips } from '../tag-chips';
import { Section } from './section';
import type { ReaderSectionProps } from './part-sections';
import styles from './setting-section.module.css';
import { fieldUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/** The two cards: when (the era, why the time matters), where (the place, why it matters). */
const SETTING_CARDS = [
  { heading: 'setting.when', value: 'era', text: 'when' },
  { heading: 'setting.where', value: 'place', text: 'where' },
] as const;

/** "Where and When Is {title} Set?": era and place, each with its text, then the setting's tags. */
export function SettingSection({ film, hrefForLevel, locale, ownLang }: ReaderSectionProps) {
  const t = readerText(locale);
  const setting = film.setting;
  const langOf = untranslatedLang(film.untranslated);
  const lang = (field: string) => langOf(fieldUnitKey('setting', field));
  return (
    <Section locale={locale} id="setting" film={film}>
      {setting ? (
        <>
          <div className={styles.pair}>
            {SETTING_CARDS.map(({ heading, value, text }) =>
              setting[value] || setting[text] ? (
                <div key={value} className={styles.card}>
                  <h3 className={styles.label}>{t(heading)}</h3>
                  {[value, text].map((field) =>
                    setting[field] ? (
                      <p key={field} className={field === value ? styles.value : styles.text} lang={lang(field)}>
                        {setting[field]}
                      </p>
                    ) : null,
                  )}
                </div>
              ) : null,
            )}
          </div>
          <TagChips tags={setting.tags} label={t('setting.about')} lang={ownLang} />
        </>
      ) : film.hidden.setting ? (
        <HiddenNote
          locale={locale}
          level={film.level}
          hrefForLevel={hrefForLevel}
          section="setting"
          reveals={(to) => revealsMore(film.counts, 'setting', film.level, to)}
        >
          {t('hidden.setting')}
        </HiddenNote>
      ) : null}
    </Section>
  );
}
