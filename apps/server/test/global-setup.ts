import type { TestProject } from 'vitest/node';
import { buildTemplates, type DatabaseTemplates, removeTemplates } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Migrates and seeds the two starting databases once for the whole run (see database-templates.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const templates = await buildTemplates(url);
  project.provide('databaseTemplates', templates);
  return () => removeTemplates(url, templates);
}
