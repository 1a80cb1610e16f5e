import { accountChangesStep } from './accountChangesStep.js';
import { bridgeRowsStep } from './bridgeRowsStep.js';

/** The schema steps after the eleventh, in order, each in a file of its own: `postgresMigrations` ends with them. */
export const laterSteps: readonly string[] = [accountChangesStep, bridgeRowsStep];
