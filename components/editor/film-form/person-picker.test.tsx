/**
 * The film editor's person picker ("Played by"), rendered in a real form with Testing Library: it
 * offers the film's own people and the site's (the site's people search, GET /editor/api/people,
 * answered by a stand-in for the server from a fixed list), creates a new person with a slug that takes nobody else's
 * page, is worked with the keyboard (arrows, Enter that never submits the form, Escape), and
 * writes what was picked into the form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FilmContent, PersonRef } from '@/lib/content/schema';
import { PersonPicker, freeSlug } from './person-picker';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DIRECTOR: PersonRef = { name: 'Kim Lee', slug: 'kim' };
const ON_THE_SITE: PersonRef = { name: 'Kimberly Stone', slug: 'kimberly-stone' };

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const searched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const address = new URL(url, 'http://cms.test');
    if (address.pathname !== '/editor/api/people') throw new Error(`unexpected request: ${url}`);
    const q = address.searchParams.get('q')!.toLowerCase();
    searched.push(q);
    return Response.json([ON_THE_SITE, DIRECTOR].filter((person) => person.name.toLowerCase().includes(q)));
  });
  const submitted = vi.fn();
  let form!: ReturnType<typeof useForm<FilmContent>>;
  function Harness() {
    form = useForm<FilmContent>({
      defaultValues: {
        characters: [{ name: 'Ada', playedBy: null }],
        facts: { directors: [DIRECTOR], writers: [] },
      } as unknown as FilmContent,
    });
    return (
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(submitted)}>
          <PersonPicker index={0} />
        </form>
      </FormProvider>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { submitted, searched, playedBy: () => form.getValues('characters.0.playedBy') };
}

describe('PersonPicker', () => {
  it('offers the film’s people, then the site’s, then a new person whose slug takes no one else’s page', async () => {
    const user = userEvent.setup();
    const { searched } = renderPicker();
    await user.type(screen.getByRole('combobox', { name: /Played by/ }), 'Kim');
    // The site's people come once the search (debounced) has its answer.
    expect((await screen.findByRole('option', { name: /Kimberly Stone/ })).textContent).toContain('on the site · /people/kimberly-stone');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Kim Leein this film · /people/kim',
      'Kimberly Stoneon the site · /people/kimberly-stone',
      'Create “Kim”new person · /people/kim-2',
    ]);
    // The site was asked for what was typed (typing is debounced: maybe not for every letter).
    expect(searched.at(-1)).toBe('kim');
    expect(freeSlug('Kim', [DIRECTOR])).toBe('kim-2');
    expect(freeSlug('Kim Lee', [DIRECTOR])).toBe('kim-lee');
  });

  it('is worked with the keyboard: arrows move, Enter picks without submitting the form, Remove goes back to the search', async () => {
    const user = userEvent.setup();
    const { submitted, playedBy } = renderPicker();
    const input = screen.getByRole('combobox', { name: /Played by/ });
    await user.type(input, 'Kim');
    await screen.findByRole('option', { name: /Kimberly Stone/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Create “Kim”');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    expect(playedBy()).toEqual({ name: 'Kim', slug: 'kim-2' });
    const chosen = screen.getByRole('group', { name: 'Played by' });
    expect(within(chosen).getByText('/people/kim-2')).toBeTruthy();

    await user.click(within(chosen).getByRole('button', { name: 'Remove Kim as the actor' }));
    expect(playedBy()).toBeNull();
    expect((screen.getByRole('combobox', { name: /Played by/ }) as HTMLInputElement).value).toBe('');
  });

  it('“Change” reopens the search with the name; Escape keeps the person that was chosen', async () => {
    const user = userEvent.setup();
    const { playedBy } = renderPicker();
    await user.type(screen.getByRole('combobox', { name: /Played by/ }), 'Kim');
    await user.click(await screen.findByRole('option', { name: /Kimberly Stone/ }));
    expect(playedBy()).toEqual(ON_THE_SITE);

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const input = screen.getByRole('combobox', { name: /Played by/ }) as HTMLInputElement;
    expect(input.value).toBe('Kimberly Stone');
    await act(async () => input.focus());
    await user.keyboard('{Escape}');
    expect(playedBy()).toEqual(ON_THE_SITE);
    expect(screen.getByRole('group', { name: 'Played by' }).textContent).toContain('Kimberly Stone');
  });
});
