import { useWatch } from 'react-hook-form';
import { countWords, plural, readingMinutes } from '@/lib/content/derive';
import type { FilmContent } from '@/lib/content/schema';
import type { FormPath } from './fields';

/**
 * Live word count (and reading time) of a text field, by the product's counting rules, so the
 * number the editor sees is the one the page will print ("in 316 words").
 */
export function TextStats({ name, withReadingTime = false }: { name: FormPath; withReadingTime?: boolean }) {
  const value = useWatch<FilmContent>({ name });
  const words = countWords(typeof value === 'string' ? value : '');
  // Nothing written takes no time to read: no "about 1 minute" under an empty field.
  if (!withReadingTime || words === 0) return <>{plural(words, 'word')}</>;
  const minutes = readingMinutes(words);
  return (
    <>
      {plural(words, 'word')} · about {plural(minutes, 'minute')}
    </>
  );
}
