import { describe } from 'vitest';
import { builtinName, builtinPlace, throwCorpusAt, useCorpusApp } from './hostile-corpus.places.ts';

useCorpusApp();

describe(`the hostile corpus on the ${builtinName}`, () => {
  throwCorpusAt('builtin', builtinName, builtinPlace);
});
