import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import { settingLineAt } from '@/lib/page/parts/setting';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { TagChips } from '../tag-chips';
import { Section } from './section';
import styles from './setting-section.module.css';
import { fieldUnitKey, untranslatedLang } from '@/lib/translations/unit-key';

/** "Where and When Is {title} Set?": era and place, each with its text, then the setting's tags. */
export function SettingSection({ film, hrefForLevel, locale }: { film: VisibleFilm; hrefForLevel: HrefForLevel; locale?: string }) {
  const t = readerText(locale);
  const setting = film.setting;
  const lang = (field: string) => untranslatedLang(film.untranslated)(fieldUnitKey('setting', field));
  return (
    <Section locale={locale} id="setting" heading={partWords(locale).heading('setting', film.title)} lede={settingLineAt(film)}>
      {setting ? (
        <>
          <div className={styles.pair}>
            {(setting.era || setting.when) && (
              <div className={styles.card}>
                <h3 className={styles.label}>{t('setting.when')}</h3>
                {setting.era && (
                  <p className={styles.value} lang={lang('era')}>
                    {setting.era}
                  </p>
                )}
                {setting.when && (
                  <p className={styles.text} lang={lang('when')}>
                    {setting.when}
                  </p>
                )}
              </div>
            )}
            {(setting.place || setting.where) && (
              <div className={styles.card}>
                <h3 className={styles.label}>{t('setting.where')}</h3>
                {setting.place && (
                  <p className={styles.value} lang={lang('place')}>
                    {setting.place}
                  </p>
                )}
                {setting.where && (
                  <p className={styles.text} lang={lang('where')}>
                    {setting.where}
                  </p>
                )}
              </div>
            )}
          </div>
          <TagChips tags={setting.tags} label={t('setting.about')} />
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
