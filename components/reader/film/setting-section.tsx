import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { heading } from '@/lib/page/parts';
import { settingLineAt } from '@/lib/page/parts/setting';
import { revealsMore } from '@/lib/spoilers/level-counts';
import { HiddenNote } from '../hidden-note';
import type { HrefForLevel } from '../spoiler-control';
import { TagChips } from '../tag-chips';
import { Section } from './section';
import styles from './setting-section.module.css';

/** "Where and When Is {title} Set?": era and place, each with its text, then the setting's tags. */
export function SettingSection({ film, hrefForLevel }: { film: VisibleFilm; hrefForLevel: HrefForLevel }) {
  const setting = film.setting;
  return (
    <Section id="setting" heading={heading('setting', film.title)} lede={settingLineAt(film)}>
      {setting ? (
        <>
          <div className={styles.pair}>
            {(setting.era || setting.when) && (
              <div className={styles.card}>
                <h3 className={styles.label}>When</h3>
                {setting.era && <p className={styles.value}>{setting.era}</p>}
                {setting.when && <p className={styles.text}>{setting.when}</p>}
              </div>
            )}
            {(setting.place || setting.where) && (
              <div className={styles.card}>
                <h3 className={styles.label}>Where</h3>
                {setting.place && <p className={styles.value}>{setting.place}</p>}
                {setting.where && <p className={styles.text}>{setting.where}</p>}
              </div>
            )}
          </div>
          <TagChips tags={setting.tags} label="About the setting" />
        </>
      ) : film.hidden.setting ? (
        <HiddenNote
          level={film.level}
          hrefForLevel={hrefForLevel}
          section="setting"
          reveals={(to) => revealsMore(film.counts, 'setting', film.level, to)}
        >
          The setting contains spoilers.
        </HiddenNote>
      ) : null}
    </Section>
  );
}
