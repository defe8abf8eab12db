import type { FormDefinition } from '@eduqa/contract';
import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { FormRenderer } from '../renderer/form-renderer.tsx';
import { type FieldOption, newFormRow, type OptionsOf } from '../renderer/form-row.ts';

const NO_OPTIONS: readonly FieldOption[] = [];
const noOptions: OptionsOf = () => NO_OPTIONS;
const ignoreChange = () => undefined;

/** 预览: the definition drawn as a filler will see it, one record of defaults, read-only. */
export function DesignerPreview({
  definition,
  optionsOf = noOptions,
}: {
  definition: FormDefinition;
  optionsOf?: OptionsOf | undefined;
}) {
  const records = useMemo(() => [newFormRow(definition)], [definition]);
  return (
    <Card size="small" title="预览">
      {definition.fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有字段" />
      ) : (
        <FormRenderer
          definition={definition}
          records={records}
          viewMode="preview"
          optionsOf={optionsOf}
          onChange={ignoreChange}
        />
      )}
    </Card>
  );
}
