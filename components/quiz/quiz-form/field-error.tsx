import { get, useFormState } from 'react-hook-form';
import type { QuizFormValues } from '@/lib/quiz/quiz-schema';
import ui from '@/components/editor/ui.module.css';

/** The message of a field's error, or of a list's own error (e.g. "Mark exactly one option as correct"). */
export function useError(name: string): string | undefined {
  const { errors } = useFormState<QuizFormValues>({ name: name as 'questions' });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

export function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={ui.error}>
      {message}
    </p>
  ) : null;
}
