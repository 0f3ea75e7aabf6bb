import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';

/** Runs a domain read for a page; a missing film or revision is the page's 404. */
export async function loadOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
