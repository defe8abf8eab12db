import { afterAll, describe } from 'vitest';
import { type ExternalSource, readerOnPostgres } from '../../../test/external-sources.ts';
import { postgresPlace, throwCorpusAt, useCorpusApp } from './hostile-corpus.places.ts';

useCorpusApp();

describe('the hostile corpus on an external PostgreSQL (a SELECT-only user)', () => {
  let source: ExternalSource | undefined;
  throwCorpusAt('postgres', '外部 PostgreSQL', async () => {
    source = await readerOnPostgres();
    return source && postgresPlace(source);
  });
  afterAll(async () => source?.drop());
});
