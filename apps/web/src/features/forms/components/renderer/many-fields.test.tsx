// @vitest-environment happy-dom
import type { FormDefinition, FormField } from '@eduqa/contract';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, typeInto } from '../../../../shared/testing/dom.tsx';
import { FormRenderer } from './form-renderer.tsx';
import { newFormRow } from './form-row.ts';

const fields: FormField[] = Array.from({ length: 200 }, (_, i) => ({
  key: `f_${i}`,
  label: `字段${i}`,
  component: i % 2 ? 'integer' : 'text',
  help: '',
  defaultValue: '',
  span: 6,
  validations: [{ type: 'require' }],
  options: null,
}));
const definition: FormDefinition = { formType: 'floating', layout: 'normal', fields };

interface Commit {
  phase: string;
  actual: number;
  base: number;
}

function Harness({ commits }: { commits: Commit[] }) {
  const [records, setRecords] = useState(() => [{ ...newFormRow(definition), id: 'r1' }]);
  return (
    <Profiler id="form" onRender={(_, phase, actual, base) => commits.push({ phase, actual, base })}>
      <FormRenderer
        definition={definition}
        records={records}
        viewMode="edit"
        optionsOf={() => []}
        onChange={setRecords}
      />
    </Profiler>
  );
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe('a form of 200 fields', { timeout: 60_000 }, () => {
  it('re-renders only the edited field on a keystroke', async () => {
    const commits: Commit[] = [];
    const view = await render(<Harness commits={commits} />);
    cleanup = view.unmount;
    const before = commits.length;
    await typeInto(view.container.querySelector('[id="r1-f_100"]'), '张三');
    // The costliest commit of the keystroke (focus, value, effects).
    const update = commits.slice(before).sort((a, b) => b.actual - a.actual)[0];
    expect(update?.phase).not.toBe('mount');
    // baseDuration: rendering every field afresh; actualDuration: what this keystroke rendered.
    expect(update?.actual ?? Number.POSITIVE_INFINITY).toBeLessThan((update?.base ?? 0) / 4);
  });
});
