'use client';

import { useEffect } from 'react';
import { returnToSection } from '@/lib/reader/return-to-section';

/** A section counts as the one being read once its top is this close to the top of the window. */
const READING_LINE_PX = 120;

/**
 * Keeps the reader's place on a film page. Choosing a level reloads the page (hidden content is
 * never sent), so a level link is pointed at the section being read as it is followed
 * (`data-level-link`); without JavaScript the links in the sections already name their own.
 * Also marks that section in the "On this page" links, and keeps the phone bar's menus (sheets at
 * the bottom of the window) one at a time, closed after a choice or with Escape. Renders nothing.
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
    const menus = () => document.querySelectorAll<HTMLDetailsElement>('details[data-bar-menu]');
    // `toggle` does not bubble: listened for in the capture phase.
    const onToggle = (event: Event) => {
      const opened = event.target instanceof HTMLDetailsElement && event.target.matches('[data-bar-menu]') ? event.target : null;
      if (opened?.open) for (const menu of menus()) if (menu !== opened) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const menu of menus())
        if (menu.open) {
          menu.open = false;
          menu.querySelector('summary')?.focus();
        }
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
    document.addEventListener('toggle', onToggle, true);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    mark();
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('toggle', onToggle, true);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [sections]);
  return null;
}
