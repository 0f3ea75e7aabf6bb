import 'server-only';
import os from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import sharp from 'sharp';
import { env } from '../env';

/**
 * The image queue: decoding and encoding an upload is seconds of CPU (a 7000×7000 PNG), and readers
 * share those cores. At most IMAGE_JOBS images are processed at once in this process (default: one
 * per core), each on one libvips thread; the others wait their turn, in order.
 */
const globalForJobs = globalThis as unknown as { imageJobs?: LimitFunction };

export function imageJobLimit(): number {
  return env().IMAGE_JOBS ?? Math.max(1, os.availableParallelism());
}

function jobs(): LimitFunction {
  if (!globalForJobs.imageJobs) {
    // One libvips worker thread per job: N jobs use at most N cores.
    sharp.concurrency(1);
    globalForJobs.imageJobs = pLimit(imageJobLimit());
  }
  return globalForJobs.imageJobs;
}

/** Runs `work` when an image slot is free. */
export function imageJob<T>(work: () => Promise<T>): Promise<T> {
  return jobs()(work);
}

/** Jobs running and waiting now (for tests and the log). */
export function imageQueue(): { active: number; pending: number } {
  const limit = jobs();
  return { active: limit.activeCount, pending: limit.pendingCount };
}
