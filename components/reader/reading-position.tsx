'use client';

import { useEffect } from 'react';
import { returnToSection } from '@/lib/reader/reader-level';

/** A section counts as the one being read once its top is this close to the top of the window. */
const READING_LINE_PX = 120;

/**
 * Keeps the reader's place on a film page. Choosing a level reloads the page (hidden content is
 * never sent), so a level link is pointed at the section being read as it is followed
 * (`data-level-link`); without JavaScript the links in the sections already name their own.
 * Also marks that section in the "On this page" links and closes the phone bar's menus after a
 * choice. Renders nothing.
 */
export function ReadingPosition({ sections }: { sections: readonly string[] }) {
  useEffect(() => {
    const current = () => {
      let found: string | null = null;
      for (const id of sections) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= READING_LINE_PX) found = id;
      }
      return found;
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const level = target?.closest<HTMLAnchorElement>('a[data-level-link]');
      if (level) level.setAttribute('href', returnToSection(level.getAttribute('href') ?? '', current()));
      const inMenu = target?.closest('a')?.closest('details[data-bar-menu]');
      if (inMenu) inMenu.removeAttribute('open');
    };
    let frame = 0;
    const mark = () => {
      frame = 0;
      const id = current();
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-contents-link]')) {
        if (id && link.getAttribute('href') === `#${id}`) link.setAttribute('aria-current', 'location');
        else link.removeAttribute('aria-current');
      }
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(mark);
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('scroll', onScroll, { passive: true });
    mark();
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [sections]);
  return null;
}
