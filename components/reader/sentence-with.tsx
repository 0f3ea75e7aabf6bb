import type { ReactNode } from 'react';

/** Stands for the element while the message is formatted: a private-use character no text holds. */
const SLOT = '\uE000';

/**
 * A sentence of the interface with one of its values as an element, e.g. a film's title or a genre
 * in the pages' own language inside a French sentence, marked with `lang` (WCAG 3.1.2).
 * `sentence(slot)` formats the message with `slot` where the element goes.
 */
export function sentenceWith(sentence: (slot: string) => string, element: ReactNode): ReactNode {
  const [before, after = ''] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
