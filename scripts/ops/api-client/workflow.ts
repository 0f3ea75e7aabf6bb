/**
 * The editorial workflow as an integrator drives it: through a client generated from the served
 * `/api/v1/openapi.json` (openapi-typescript types, openapi-fetch calls). The types are written by
 * scripts/ops/api-client.int.test.ts into tmp/api-client before it type-checks this file
 * (`tsc -p scripts/ops/api-client`), so the project's own `tsc` leaves this folder out.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { expect } from 'vitest';
import type { components, paths } from '../../../tmp/api-client/openapi';
import type { WorkflowContext } from './context';

type FilmContent = components['schemas']['FilmContent'];
type Result = { response: Response; error?: unknown };

/** The result, after checking its status (the failure names the body). */
function expectStatus<T extends Result>(result: T, status: number): T {
  expect(result.response.status, `${result.response.url}: ${JSON.stringify(result.error ?? null)}`).toBe(status);
  return result;
}

export async function runWorkflow(context: WorkflowContext): Promise<void> {
  const recorder: Middleware = {
    async onResponse({ request, response }) {
      await context.record(request, response.clone());
    },
  };
  const clientFor = (token?: string) => {
    const client = createClient<paths>({
      baseUrl: context.baseUrl,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    client.use(recorder);
    return client;
  };
  const admin = clientFor(context.tokens.admin);
  const editor = clientFor(context.tokens.editor);
  const writer = clientFor(context.tokens.writer);
  const reader = clientFor();

  const page = context.film as FilmContent;
  const slug = page.slug;
  const path = { slug };
  const withoutQuiz: FilmContent = { ...page, quiz: { questions: [] } };

  // No token: 401.
  expectStatus(await reader.GET('/api/v1/editor/films', {}), 401);

  // Webhooks first, so the receiver is told of what follows.
  const hook = expectStatus(
    await admin.POST('/api/v1/editor/webhooks', {
      body: { url: context.receiverUrl, events: ['film.published', 'film.unpublished', 'review.submitted'], description: 'client test' },
    }),
    201,
  ).data!;
  expect(hook.secret).toMatch(/^whsec_/);
  const hooks = expectStatus(await admin.GET('/api/v1/editor/webhooks'), 200).data!;
  expect(hooks.items.map((one) => one.id)).toContain(hook.id);
  expectStatus(await admin.GET('/api/v1/editor/webhooks/{id}', { params: { path: { id: hook.id } } }), 200);
  expectStatus(await editor.GET('/api/v1/editor/webhooks'), 403);

  // Create (an editor may not send a quiz), save, a stale save, an invalid save.
  expectStatus(await editor.POST('/api/v1/editor/films', { body: { content: page } }), 403);
  const created = expectStatus(await editor.POST('/api/v1/editor/films', { body: { content: withoutQuiz } }), 201).data!;
  expect(created).toEqual({ slug, revision: 1 });
  expectStatus(await editor.POST('/api/v1/editor/films', { body: { content: withoutQuiz } }), 400);
  const list = expectStatus(await editor.GET('/api/v1/editor/films', { params: { query: { q: page.title, pageSize: 10 } } }), 200).data!;
  expect(list.items.map((one) => one.slug)).toContain(slug);
  const draft = expectStatus(await editor.GET('/api/v1/editor/films/{slug}', { params: { path } }), 200).data!;
  expect(draft.revision).toBe(1);

  const edited: FilmContent = { ...withoutQuiz, title: `${page.title} (edited)` };
  const saved = expectStatus(
    await editor.PUT('/api/v1/editor/films/{slug}', { params: { path }, body: { baseRevision: 1, content: edited, message: 'title' } }),
    200,
  ).data!;
  expect(saved.revision).toBe(2);
  const stale = expectStatus(
    await editor.PUT('/api/v1/editor/films/{slug}', { params: { path }, body: { baseRevision: 1, content: withoutQuiz } }),
    409,
  );
  expect(stale.error).toMatchObject({ status: 409, baseRevision: 1 });
  const invalid = expectStatus(
    await editor.PUT('/api/v1/editor/films/{slug}', { params: { path }, body: { baseRevision: 2, content: { ...edited, title: '' } } }),
    400,
  );
  expect(invalid.error).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'title' })] });
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}', { params: { path: { slug: `${slug}-missing` } } }), 404);

  // The quiz is the admin's.
  const quizSaved = expectStatus(
    await admin.PUT('/api/v1/editor/films/{slug}', {
      params: { path },
      body: { baseRevision: 2, content: { ...edited, quiz: page.quiz } },
    }),
    200,
  ).data!;
  expect(quizSaved.revision).toBe(3);

  // Publish, and the reader at each level and up to an event.
  expectStatus(await writer.POST('/api/v1/editor/films/{slug}/publish', { params: { path }, body: { revision: 3 } }), 403);
  expectStatus(await editor.POST('/api/v1/editor/films/{slug}/publish', { params: { path }, body: { revision: 3 } }), 200);
  await context.received('film.published');
  const levels = ['none', 'light', 'full'] as const;
  const hiddenByLevel: number[] = [];
  for (const spoilers of levels) {
    const visible = expectStatus(await reader.GET('/api/v1/films/{slug}', { params: { path, query: { spoilers } } }), 200).data!;
    expect(visible.title).toBe(edited.title);
    hiddenByLevel.push(JSON.stringify(visible).length);
  }
  // More is sent at each level up.
  expect(hiddenByLevel[0]).toBeLessThan(hiddenByLevel[1]);
  expect(hiddenByLevel[1]).toBeLessThan(hiddenByLevel[2]);
  const upto = expectStatus(await reader.GET('/api/v1/films/{slug}', { params: { path, query: { upto: '1' } } }), 200);
  const etag = upto.response.headers.get('etag');
  expect(etag).toBeTruthy();
  expectStatus(
    await reader.GET('/api/v1/films/{slug}', { params: { path, query: { upto: '1' }, header: { 'if-none-match': etag! } } }),
    304,
  );
  expectStatus(await reader.GET('/api/v1/films/{slug}', { params: { path, query: { upto: '3' } } }), 200);
  const films = expectStatus(await reader.GET('/api/v1/films', { params: { query: { sort: 'title', pageSize: 50 } } }), 200).data!;
  expect(films.items.map((one) => one.slug)).toContain(slug);
  expectStatus(await reader.GET('/api/v1/films', { params: { query: { pageSize: 500 } } }), 400);
  expectStatus(await reader.GET('/api/v1/search/suggestions', { params: { query: { q: page.title.slice(0, 6) } } }), 200);
  expectStatus(await reader.GET('/api/v1/films/{slug}', { params: { path: { slug: `${slug}-missing` } } }), 404);

  // The quiz for readers, and an attempt scored on the server.
  const quiz = expectStatus(await reader.GET('/api/v1/films/{slug}/quiz', { params: { path, query: { spoilers: 'full' } } }), 200).data!;
  expect(quiz.questions.length).toBeGreaterThan(0);
  const answers = Object.fromEntries(quiz.questions.map((question) => [question.id, question.options[0].id]));
  const attempt = expectStatus(
    await reader.POST('/api/v1/films/{slug}/quiz/attempts', { params: { path, query: { spoilers: 'full' } }, body: { answers } }),
    200,
  );
  expect(attempt.response.headers.get('ratelimit-limit')).toBeTruthy();
  expectStatus(
    await reader.POST('/api/v1/films/{slug}/quiz/attempts', {
      params: { path, query: { spoilers: 'full' } },
      body: { answers: { nope: 'x' } },
    }),
    400,
  );

  // Revisions: list, one, a comparison, restore (and a stale restore; dropping the quiz is the admin's).
  const revisions = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/revisions', { params: { path, query: { sort: 'oldest' } } }),
    200,
  ).data!;
  expect(revisions.items.map((one) => one.number)).toEqual([1, 2, 3]);
  const first = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/revisions/{n}', { params: { path: { slug, n: 1 } } }),
    200,
  ).data!;
  expect(first.content.title).toBe(page.title);
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}/revisions/{n}', { params: { path: { slug, n: 99 } } }), 404);
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}/revisions/{n}/diff/{m}', { params: { path: { slug, n: 1, m: 3 } } }), 200);
  const restored = expectStatus(
    await admin.POST('/api/v1/editor/films/{slug}/revisions/{n}/restore', { params: { path: { slug, n: 2 } }, body: { baseRevision: 3 } }),
    201,
  ).data!;
  expect(restored.revision).toBe(4);
  expectStatus(
    await admin.POST('/api/v1/editor/films/{slug}/revisions/{n}/restore', { params: { path: { slug, n: 1 } }, body: { baseRevision: 3 } }),
    409,
  );

  // Export as JSON and as a page; import the page under another address (and a taken one: 409).
  const exported = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/export', { params: { path, query: { format: 'json' } } }),
    200,
  ).data!;
  expect(exported).toMatchObject({ slug });
  const text = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/export', { params: { path, query: { format: 'text' } }, parseAs: 'text' }),
    200,
  ).data as unknown as string;
  expect(text).toContain(page.title);
  const importAs = (query: { slug?: string; levels?: 'page' | 'suggested' }) =>
    editor.POST('/api/v1/editor/import', {
      params: { query },
      body: text,
      bodySerializer: (body) => body,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  expectStatus(await importAs({}), 409);
  const imported = expectStatus(await importAs({ slug: `${slug}-copy` }), 201).data!;
  expect(imported.slug).toBe(`${slug}-copy`);
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}/level-suggestions', { params: { path } }), 200);

  // Schedule a publish, list it, cancel it.
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const job = expectStatus(
    await editor.POST('/api/v1/editor/films/{slug}/schedule', { params: { path }, body: { action: 'publish', at, revision: 4 } }),
    201,
  ).data!;
  const jobs = expectStatus(await editor.GET('/api/v1/editor/films/{slug}/schedule', { params: { path } }), 200).data!;
  expect(jobs.items.map((one) => one.id)).toContain(job.id);
  expectStatus(await editor.GET('/api/v1/editor/jobs', { params: { query: { state: 'scheduled' } } }), 403);
  expectStatus(await admin.GET('/api/v1/editor/jobs', { params: { query: { state: 'scheduled' } } }), 200);
  expectStatus(await editor.DELETE('/api/v1/editor/films/{slug}/schedule', { params: { path, query: { id: job.id } } }), 200);
  expectStatus(await editor.DELETE('/api/v1/editor/films/{slug}/schedule', { params: { path, query: { id: job.id } } }), 409);
  // Only a failed job can be retried.
  expectStatus(await admin.POST('/api/v1/editor/jobs/{id}/retry', { params: { path: { id: job.id } } }), 409);

  // Review: the writer submits, comments; the editor approves, which publishes.
  const review = expectStatus(
    await writer.POST('/api/v1/editor/films/{slug}/reviews', { params: { path }, body: { revision: 4, note: 'Restored revision 2' } }),
    201,
  ).data!;
  await context.received('review.submitted');
  expectStatus(
    await writer.POST('/api/v1/editor/reviews/{id}/decision', { params: { path: { id: review.id } }, body: { decision: 'approve' } }),
    403,
  );
  const comment = expectStatus(
    await writer.POST('/api/v1/editor/films/{slug}/comments', { params: { path }, body: { body: 'Check the title', revision: 4 } }),
    201,
  ).data!;
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}/comments', { params: { path } }), 200);
  expectStatus(
    await editor.PATCH('/api/v1/editor/films/{slug}/comments/{id}', {
      params: { path: { slug, id: comment.id } },
      body: { resolved: true },
    }),
    200,
  );
  const queue = expectStatus(await editor.GET('/api/v1/editor/reviews', { params: { query: { state: 'pending' } } }), 200).data!;
  expect(queue.items.map((one) => one.id)).toContain(review.id);
  expectStatus(await editor.GET('/api/v1/editor/reviews/{id}', { params: { path: { id: review.id } } }), 200);
  expectStatus(await editor.GET('/api/v1/editor/films/{slug}/reviews', { params: { path } }), 200);
  expectStatus(
    await editor.POST('/api/v1/editor/reviews/{id}/decision', {
      params: { path: { id: review.id } },
      body: { decision: 'approve', comment: 'Good' },
    }),
    200,
  );
  expectStatus(
    await editor.POST('/api/v1/editor/reviews/{id}/decision', { params: { path: { id: review.id } }, body: { decision: 'approve' } }),
    409,
  );
  expectStatus(await writer.DELETE('/api/v1/editor/films/{slug}/comments/{id}', { params: { path: { slug, id: comment.id } } }), 204);

  // A French translation (SITE_LOCALES=en,fr): saved, a stale save refused, published over the published page, read, taken down.
  const fr = { slug, locale: 'fr' };
  const translation = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/translations/{locale}', { params: { path: fr } }),
    200,
  ).data!;
  expect(translation.units.map((unit) => unit.key)).toContain('title');
  const translate = () =>
    writer.PUT('/api/v1/editor/films/{slug}/translations/{locale}', {
      params: { path: fr },
      body: { baseRevision: 0, sourceRevision: translation.sourceRevision, texts: { title: 'Titre en français' } },
    });
  const translated = expectStatus(await translate(), 200).data!;
  expectStatus(await translate(), 409);
  const publishFrench = (client: typeof editor) =>
    client.POST('/api/v1/editor/films/{slug}/translations/{locale}/publish', {
      params: { path: fr },
      body: { revision: translated.revision },
    });
  expectStatus(await publishFrench(writer), 403);
  expectStatus(await publishFrench(editor), 200);
  const languages = expectStatus(await editor.GET('/api/v1/editor/films/{slug}/translations', { params: { path } }), 200).data!;
  expect(languages.translations).toEqual([expect.objectContaining({ locale: 'fr', revision: 1, published: 1 })]);
  const french = expectStatus(
    await reader.GET('/api/v1/films/{slug}', { params: { path, query: { spoilers: 'none', locale: 'fr' } } }),
    200,
  ).data!;
  expect(french.title).toBe('Titre en français');
  // The list in French: the films published in it, their texts and addresses in it.
  const frenchList = expectStatus(await reader.GET('/api/v1/films', { params: { query: { locale: 'fr', pageSize: 100 } } }), 200).data!;
  expect(frenchList.items.find((film) => film.slug === slug)).toMatchObject({
    title: 'Titre en français',
    url: `/fr/films/${slug}`,
    href: `/api/v1/films/${slug}?locale=fr`,
  });
  expectStatus(await reader.GET('/api/v1/films', { params: { query: { locale: 'de' } } }), 400);
  expectStatus(await editor.POST('/api/v1/editor/films/{slug}/translations/{locale}/unpublish', { params: { path: fr } }), 200);
  const frenchHistory = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/translations/{locale}/revisions', { params: { path: fr, query: { page: 1 } } }),
    200,
  ).data!;
  expect(frenchHistory.items.map((one) => one.number)).toEqual([1]);
  const restoreFrench = () =>
    writer.POST('/api/v1/editor/films/{slug}/translations/{locale}/revisions/{n}/restore', {
      params: { path: { ...fr, n: 1 } },
      body: { baseRevision: 1 },
    });
  expect(expectStatus(await restoreFrench(), 201).data!.revision).toBe(2);
  expectStatus(await restoreFrench(), 409);
  // Revision 2 restored revision 1: the same texts, so nothing to compare; a revision it lacks is a 404.
  const compareFrench = (to: number) =>
    editor.GET('/api/v1/editor/films/{slug}/translations/{locale}/compare', { params: { path: fr, query: { from: 1, to } } });
  expect(expectStatus(await compareFrench(2), 200).data!).toMatchObject({ from: 1, to: 2, changes: [] });
  expectStatus(await compareFrench(9), 404);
  // The JSON export with its translations, imported under another address: the French title comes along.
  const withFrench = expectStatus(
    await editor.GET('/api/v1/editor/films/{slug}/export', { params: { path, query: { format: 'json', translations: 'true' } } }),
    200,
  ).data as unknown as { translations: Record<string, Record<string, string>> };
  expect(withFrench.translations).toEqual({ fr: { title: 'Titre en français' } });
  const importedWithFrench = expectStatus(
    await editor.POST('/api/v1/editor/import', {
      params: { query: { slug: `${slug}-fr` } },
      body: JSON.stringify(withFrench),
      bodySerializer: (body) => body,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    }),
    201,
  ).data!;
  expect(importedWithFrench.translations).toEqual(['fr']);

  // Presence is the editor's own heartbeat: a token is refused.
  expectStatus(await editor.POST('/api/v1/editor/films/{slug}/presence', { params: { path }, body: { tabId: 'client-test-tab' } }), 403);

  // Media: an upload (the same file again: 200), the library, a focal point, deleting an unused one.
  const upload = (bytes: ArrayBuffer) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'still.png');
    return editor.POST('/api/v1/editor/media', { body: { file: 'still.png' }, bodySerializer: () => form });
  };
  const image = expectStatus(await upload(context.images[0]), 201).data!.image;
  expectStatus(await upload(context.images[0]), 200);
  const other = expectStatus(await upload(context.images[1]), 201).data!.image;
  const media = expectStatus(await editor.GET('/api/v1/editor/media', { params: { query: { sort: 'newest' } } }), 200).data!;
  expect(media.items.map((one) => one.id)).toEqual(expect.arrayContaining([image.id, other.id]));
  expectStatus(
    await editor.PUT('/api/v1/editor/media/{id}/focal-point', { params: { path: { id: image.id } }, body: { x: 0.25, y: 0.75 } }),
    200,
  );
  // A person the published film credits: a photo (the upload), then its file replaced; a biography.
  const person = { slug: context.person };
  expectStatus(
    await editor.PUT('/api/v1/editor/people/{slug}/photo', { params: { path: person }, body: { image: image.id, alt: 'A portrait' } }),
    200,
  );
  expectStatus(await editor.DELETE('/api/v1/editor/media/{id}', { params: { path: { id: image.id } } }), 409);
  const replaceWith = (bytes: ArrayBuffer) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'portrait.png');
    return editor.PUT('/api/v1/editor/media/{id}/file', {
      params: { path: { id: image.id } },
      body: { file: 'portrait.png' },
      bodySerializer: () => form,
    });
  };
  expectStatus(await replaceWith(context.images[2]), 200);
  expectStatus(
    await editor.PUT('/api/v1/editor/people/{slug}/biography', {
      params: { path: person },
      body: { paragraphs: [{ text: 'An actor.', spoiler: 'none' }] },
    }),
    200,
  );
  expectStatus(await editor.PUT('/api/v1/editor/people/{slug}/biography', { params: { path: { slug: 'nobody-at-all' } }, body: {} }), 404);
  expectStatus(await editor.DELETE('/api/v1/editor/media/{id}', { params: { path: { id: other.id } } }), 200);
  expectStatus(await editor.DELETE('/api/v1/editor/media/{id}', { params: { path: { id: other.id } } }), 404);
  expectStatus(await admin.GET('/api/v1/editor/cache-stats'), 200);

  // Webhooks: a ping, the deliveries, a resend, a new secret, removal.
  expectStatus(await admin.POST('/api/v1/editor/webhooks/{id}/ping', { params: { path: { id: hook.id } } }), 202);
  const deliveries = expectStatus(
    await admin.GET('/api/v1/editor/webhooks/{id}/deliveries', { params: { path: { id: hook.id } } }),
    200,
  ).data!;
  const types = deliveries.items.map((one) => one.type);
  expect(types).toEqual(expect.arrayContaining(['ping', 'film.published', 'review.submitted']));
  // The first publish's delivery (newest first: the last), long since delivered: a resend sends it again.
  const published = deliveries.items.filter((one) => one.type === 'film.published' && one.state === 'delivered').at(-1)!;
  expect(published).toBeDefined();
  expectStatus(
    await admin.POST('/api/v1/editor/webhooks/{id}/deliveries/{deliveryId}/resend', {
      params: { path: { id: hook.id, deliveryId: published.id } },
    }),
    200,
  );
  // The same event again, with the same webhook-id: the third film.published the receiver gets.
  await context.received('film.published', 3);
  const rotated = expectStatus(
    await admin.POST('/api/v1/editor/webhooks/{id}/rotate-secret', { params: { path: { id: hook.id } } }),
    200,
  ).data!;
  expect(rotated.secret).not.toBe(hook.secret);

  // Off the site.
  expectStatus(await editor.POST('/api/v1/editor/films/{slug}/unpublish', { params: { path } }), 200);
  await context.received('film.unpublished');
  expectStatus(await reader.GET('/api/v1/films/{slug}', { params: { path } }), 404);
  expectStatus(await admin.DELETE('/api/v1/editor/webhooks/{id}', { params: { path: { id: hook.id } } }), 200);
  expectStatus(await admin.GET('/api/v1/editor/webhooks/{id}', { params: { path: { id: hook.id } } }), 404);
}
