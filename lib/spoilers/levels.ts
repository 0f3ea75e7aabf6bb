import { z } from 'zod';
import { SPOILER_LEVELS } from './level-labels';

export * from './level-labels';

export const spoilerLevelSchema = z.enum(SPOILER_LEVELS);
