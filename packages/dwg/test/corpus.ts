import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The shared corpus of real-world drawings (KERF_CORPUS, or ../shared/corpus beside the project).
 * Suites that need it say they were skipped when it is absent.
 */
export const CORPUS = process.env.KERF_CORPUS ?? resolve(import.meta.dirname, '../../../../shared/corpus');
export const haveCorpus = existsSync(CORPUS);
