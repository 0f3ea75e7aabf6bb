/**
 * `npm run seed:bulk -- --films N`: N realistic generated films (scripts/seed-bulk/generate-film.ts),
 * created and published in batches through lib/films (createPublishedFilms), so they are stored
 * exactly as the product stores films (revision blobs, materialised reader tables, search documents,
 * audit rows). Films already there (by slug) are skipped, so an interrupted run can be continued.
 * With `--translate-every K` every K-th film also gets a published French translation (generated
 * French, scripts/seed-bulk/generate-translation.ts; SITE_LOCALES must have French), for the lists,
 * pages and search in French at scale. For the scale benchmark and for trying the site with a large
 * catalogue; into DATABASE_URL.
 */
import { SingleBar, Presets } from 'cli-progress';
import { disconnectDb } from '../lib/db';
import { generatedTranslationLocales, seedBulk } from './seed-bulk/seed-bulk';
import { runShutdownHooks } from '../lib/ops/shutdown.mjs';

const USAGE = 'Usage: npm run seed:bulk -- --films N [--translate-every K]';

function parseArgs(argv: string[]) {
  const options = { films: 0, translateEvery: 0 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = Number(inline ?? argv[++i]);
    if (!Number.isInteger(value) || value < 1) usageError(`${flag} takes a whole number above 0`);
    if (flag === '--films') options.films = value;
    else if (flag === '--translate-every') options.translateEvery = value;
    else usageError(`Unknown option ${flag}`);
  }
  if (options.films < 1) usageError('--films is required');
  return options;
}

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const { films, translateEvery } = parseArgs(process.argv.slice(2));
  if (translateEvery > 0 && generatedTranslationLocales().length === 0)
    usageError('--translate-every writes French: SITE_LOCALES has no French language (say SITE_LOCALES=en,fr)');
  const bar = new SingleBar(
    { format: 'films {bar} {value}/{total} | {eta_formatted} left | {rate} films/s', etaBuffer: 200 },
    Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(films, 0, { rate: '0' });
  const { created, translated } = await seedBulk({
    films,
    translateEvery,
    onProgress: (done) => bar.update(done, { rate: (done / ((performance.now() - started) / 1000)).toFixed(1) }),
  });
  bar.stop();
  console.log(
    `${created} films created and published, ${films - created} already there, ${translated} translations published, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  // Every connection the run opened (the database pools, Redis for the page cache), or the
  // process would not exit when REDIS_URL is set.
  .finally(() => disconnectDb().then(() => runShutdownHooks({ timeoutMs: 5_000 })));
