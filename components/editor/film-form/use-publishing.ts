import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionResult } from '@/lib/action-result';
import { publishAction, unpublishAction } from '@/lib/films/film-actions';
import { editorKeys } from '@/lib/editor/query-keys';
import type { FilmStatusInfo } from '@/lib/films/film-status';
import { describeFailure, unwrap } from '../action-result';
import type { Notice } from '../notices';
import { updateOptimistically } from '../use-revision-save';

/**
 * Publish and unpublish from the film editor. The badge shows the result at once (an optimistic
 * update of the film's status); a refusal puts the previous status back and says why.
 */
export function usePublishing({ filmId, notify }: { filmId: string; notify: (notice: Omit<Notice, 'id'>) => void }) {
  const queryClient = useQueryClient();
  const statusKey = editorKeys.filmStatus(filmId);

  function statusChange<TInput, TOutput>(
    action: (input: TInput) => Promise<ActionResult<TOutput>>,
    update: (status: FilmStatusInfo, input: TInput) => FilmStatusInfo,
    doing: string,
    done: (output: TOutput) => string,
  ) {
    return {
      mutationFn: async (input: TInput) => unwrap(await action(input)),
      onMutate: (input: TInput) => updateOptimistically(queryClient, statusKey, update, input),
      onError: (error: Error, _input: TInput, context: { previous: FilmStatusInfo | undefined } | undefined) => {
        queryClient.setQueryData(statusKey, context?.previous);
        notify({ tone: 'error', text: describeFailure(error, doing) });
      },
      onSuccess: (output: TOutput) => notify({ tone: 'success', text: done(output) }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: editorKeys.films() }),
    };
  }

  const publish = useMutation(
    statusChange(
      publishAction,
      (s, { revision }) => ({ ...s, publishedRevision: revision, status: revision === s.latestRevision ? 'published' : 'changed' }),
      'publish',
      ({ revision }) => `Published revision ${revision}: readers see it now.`,
    ),
  );
  const unpublish = useMutation(
    statusChange(
      unpublishAction,
      (s) => ({ ...s, publishedRevision: null, status: 'draft' }),
      'unpublish',
      () => 'Unpublished: the page is off the site. Its drafts and history are kept.',
    ),
  );

  return {
    publish: (slug: string, revision: number) => publish.mutate({ slug, revision }),
    unpublish: (slug: string) => unpublish.mutate({ slug }),
    busy: publish.isPending || unpublish.isPending,
  };
}
