import type { FieldValue, FormDefinition, KnownValues, ViewMode } from '@eduqa/contract';
import { Empty } from 'antd';
import {
  type Ref,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FormRow, OptionsOf, RowErrors } from './form-row.ts';
import { NormalLayout } from './normal-layout.tsx';
import { RecordTable } from './record-table.tsx';
import { createRowSource } from './row-source.ts';
import { flatTableRows } from './row-tree.ts';
import { TopologyLayout } from './topology-layout.tsx';
import { TreeLayout } from './tree-layout.tsx';
import { type CheckUnique, messageOf, useFieldChecks } from './use-field-checks.ts';
import { useRecordEdits } from './use-record-edits.ts';
import { useStableOptions } from './use-stable-options.ts';

export interface FormRendererHandle {
  /** Shows every field's message and waits for unique checks in flight; true when the records may be sent. */
  validateAll: () => Promise<boolean>;
}

export interface FormRendererProps {
  definition: FormDefinition;
  records: readonly FormRow[];
  /** add and edit are editable; normal (查看) and preview are read-only. */
  viewMode: ViewMode;
  /** The options of a select field, from its constant type. */
  optionsOf: OptionsOf;
  onChange: (records: FormRow[]) => void;
  onFieldBlur?: (recordId: string, key: string, value: FieldValue | undefined) => void;
  /** Answers whether the value is free (true) or already taken by another record (false). */
  checkUnique?: CheckUnique;
  /** The server's messages by record id and field key; one hides once its field is edited. */
  errors?: RowErrors;
  /** Values the school already holds for a floating form's fields, labelled with their source. */
  known?: KnownValues;
  ref?: Ref<FormRendererHandle>;
}

/**
 * A form's records drawn in the definition's layout: 表单 (one record on the grid), 表格 (a virtual
 * grid of rows), 树形 (rows under parents) or 拓扑 (rows as a graph of their links). A fixed form in the
 * 表单 layout shows as 表格, since its many rows need one.
 */
export function FormRenderer(props: FormRendererProps) {
  const { definition, records, viewMode, errors, ref } = props;
  const { fields } = definition;
  const isEditable = viewMode === 'add' || viewMode === 'edit';
  const rowsRef = useRef(records);
  rowsRef.current = records;
  const latest = useRef(props);
  latest.current = props;

  const stableOptionsOf = useStableOptions(fields, props.optionsOf);

  const { checks, onValueEdited, onLeave, validateAll } = useFieldChecks({
    fields,
    rowsRef,
    optionsOf: stableOptionsOf,
    checkUnique: props.checkUnique,
  });
  useImperativeHandle(ref, () => ({ validateAll }), [validateAll]);

  const { onValueChange, onFieldLeave, onAdd, onAddChild, onRemove, onParentChange, onLinksChange } =
    useRecordEdits({ definition, rowsRef, latest, onValueEdited, onLeave });
  const fieldMessage = useCallback(
    (rowId: string, key: string) => messageOf(checks, errors, rowId, key),
    [checks, errors],
  );

  const shared = {
    fields,
    isEditable,
    optionsOf: stableOptionsOf,
    messageOf: fieldMessage,
    onValueChange,
    onLeave: onFieldLeave,
  };
  const tableShared = { ...shared, onAdd, onRemove };
  const flatRows = useMemo(() => flatTableRows(records), [records]);
  const [source] = useState(createRowSource);
  const first = records[0];
  source.write(first, fieldMessage);
  // Before paint, so a typed letter and its message show in the same frame as in a controlled input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: notify whenever the written record or messages change
  useLayoutEffect(() => source.notify(), [source, first, fieldMessage]);

  if (definition.layout === 'tree')
    return (
      <TreeLayout {...tableShared} rows={records} onParentChange={onParentChange} onAddChild={onAddChild} />
    );
  if (definition.layout === 'topology')
    return <TopologyLayout {...tableShared} rows={records} onLinksChange={onLinksChange} />;
  if (definition.layout === 'table' || definition.formType === 'fixed')
    return <RecordTable {...tableShared} rows={flatRows} />;
  if (!first) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <NormalLayout
      fields={fields}
      rowId={first.id}
      source={source}
      isEditable={isEditable}
      optionsOf={stableOptionsOf}
      known={props.known}
      onValueChange={onValueChange}
      onLeave={onFieldLeave}
    />
  );
}
