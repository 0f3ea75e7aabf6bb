import 'server-only';
import type { Tx } from '../db';
import { TRAIT_KEYS, type FilmContent } from '../content/schema';
import { castOf, countWords, peopleNamedIn } from '../content/derive';
import { writeSearchDocuments } from '../reader/search-documents';

/**
 * Writes one revision's content into the relational published tables, replacing what was there.
 * Runs inside the publish transaction, so readers see the old page or the new one, never a mix.
 */
export async function materializePublished(tx: Tx, filmId: string, revisionNumber: number, content: FilmContent): Promise<void> {
  await tx.publishedFilm.deleteMany({ where: { filmId } });

  const cast = castOf(content.characters);
  const personIds = new Map<string, string>();
  for (const person of cast) {
    const row = await tx.person.upsert({
      where: { slug: person.slug },
      create: { slug: person.slug, name: person.name },
      update: { name: person.name },
      select: { id: true },
    });
    personIds.set(person.slug, row.id);
  }

  await tx.publishedFilm.create({
    data: {
      filmId,
      slug: content.slug,
      title: content.title,
      releaseYear: content.releaseYear,
      revisionNumber,
      premise: content.premise,
      premiseWords: countWords(content.premise),
      story: content.story,
      storyWords: countWords(content.story),
      storyCastCount: peopleNamedIn(content.story, cast).length,
    },
  });

  const byPosition = <T,>(items: T[]) => items.map((item, position) => ({ ...item, position }));
  await tx.timelineEvent.createMany({
    data: byPosition(content.events).map(({ id, ...e }) => ({ filmId, itemId: id, ...e })),
  });
  await tx.character.createMany({
    data: byPosition(content.characters).map(({ id, playedBy, tags, ...c }) => ({
      filmId,
      itemId: id,
      personId: playedBy ? personIds.get(playedBy.slug)! : null,
      tags: tags as never,
      ...c,
    })),
  });
  const { tags, ...setting } = content.setting;
  await tx.filmSetting.create({ data: { filmId, ...setting, tags: tags as never } });
  await tx.theme.createMany({ data: byPosition(content.themes).map(({ id, ...t }) => ({ filmId, itemId: id, ...t })) });
  const traits = [
    ...TRAIT_KEYS.map((key) => ({ key, ...content.kind[key] })),
    { key: 'summary', value: content.kind.summary.text, spoiler: content.kind.summary.spoiler },
  ].filter((t) => t.value !== '');
  await tx.kindTrait.createMany({ data: byPosition(traits).map((t) => ({ filmId, ...t })) });
  await tx.moodKeyword.createMany({ data: byPosition(content.kind.moods).map(({ id, ...m }) => ({ filmId, itemId: id, ...m })) });
  await tx.contentNote.createMany({
    data: byPosition(content.kind.contentNotes).map(({ id, ...n }) => ({ filmId, itemId: id, ...n })),
  });
  for (const [position, q] of content.quiz.questions.entries()) {
    await tx.quizQuestion.create({
      data: {
        filmId,
        itemId: q.id,
        position,
        prompt: q.prompt,
        explanation: q.explanation,
        spoiler: q.spoiler,
        options: { create: q.options.map((o, i) => ({ itemId: o.id, position: i, text: o.text, correct: o.correct })) },
      },
    });
  }
  await writeSearchDocuments(tx, filmId, content);
  // People who no longer play anyone on the site have no page left.
  await tx.person.deleteMany({ where: { characters: { none: {} } } });
}
