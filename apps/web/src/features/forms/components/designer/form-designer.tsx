import { EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import {
  type ComponentType,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormDefinition,
  type FormField,
  LAYOUT_MODE_LABELS,
  LAYOUT_MODES,
} from '@eduqa/contract';
import { Alert, Button, Col, Flex, Row, Select, Space, Switch, Tooltip } from 'antd';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { OptionsOf } from '../renderer/form-row.ts';
import { definitionProblems } from './definition-problems.ts';
import { designerHistory, startHistory } from './designer-history.ts';
import { DesignerPreview } from './designer-preview.tsx';
import { FieldCanvas } from './field-canvas.tsx';
import { FieldPalette } from './field-palette.tsx';
import { type ConstantTypeOption, FieldProperties, type PrefillSlot } from './field-properties.tsx';
import { createField, duplicateField } from './new-field.ts';

export interface FormDesignerProps {
  value: FormDefinition;
  onChange: (definition: FormDefinition) => void;
  constantTypes: readonly ConstantTypeOption[];
  readOnly?: boolean;
  /** Options of the select fields in 预览, when the page has loaded them. */
  optionsOf?: OptionsOf;
  /** The 已有数据 source editor of a field, from a page that can load its choices. */
  renderPrefill?: PrefillSlot;
}

/** Ctrl+Z undoes; Ctrl+Y and Ctrl+Shift+Z redo (⌘ on a Mac). */
function historyKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' ? 'redo' : null;
}

/**
 * 表单设计器: the component palette on the left, the fields on the canvas, the selected field's
 * properties on the right, the form's type and layout above. Every edit goes through one reducer with
 * undo/redo; the problems the contract finds are listed under the toolbar, as a save would refuse them.
 */
export function FormDesigner({
  value,
  onChange,
  constantTypes,
  readOnly = false,
  optionsOf,
  renderPrefill,
}: FormDesignerProps) {
  const [history, dispatch] = useReducer(designerHistory, value, startHistory);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const [isPreview, setIsPreview] = useState(false);
  const definition = history.present;
  const reported = useRef(value);

  // Tell the page about each edit; a definition the page swaps in (loaded, reverted) starts a new history.
  useEffect(() => {
    if (definition === reported.current) return;
    reported.current = definition;
    onChange(definition);
  }, [definition, onChange]);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    dispatch({ type: 'reset', definition: value });
    setSelectedIndex(null);
  }, [value]);

  const fieldCount = definition.fields.length;
  useEffect(() => {
    if (selectedIndex !== null && selectedIndex >= fieldCount)
      setSelectedIndex(fieldCount ? fieldCount - 1 : null);
  }, [selectedIndex, fieldCount]);

  const problems = useMemo(() => definitionProblems(definition), [definition]);

  const addField = (component: ComponentType, index = fieldCount) => {
    dispatch({ type: 'add', field: createField(component, definition.fields), index });
    setSelectedIndex(index);
  };
  const moveField = (from: number, to: number) => {
    dispatch({ type: 'move', from, to });
    setSelectedIndex(to);
  };
  const duplicate = (index: number) => {
    const original = definition.fields[index];
    if (!original) return;
    dispatch({ type: 'add', field: duplicateField(original, definition.fields), index: index + 1 });
    setSelectedIndex(index + 1);
  };
  const remove = (index: number) => {
    dispatch({ type: 'remove', index });
    setSelectedIndex(null);
  };
  const update = (index: number, patch: Partial<FormField>, mergeKey?: string) =>
    dispatch(mergeKey ? { type: 'update', index, patch, mergeKey } : { type: 'update', index, patch });

  // The shortcuts work wherever focus is inside the designer, property inputs included.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || readOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const step = historyKey(event);
      if (!step) return;
      event.preventDefault();
      dispatch({ type: step });
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [readOnly]);

  return (
    <div ref={rootRef} data-testid="form-designer">
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Space>
          表单类型
          <Select
            aria-label="表单类型"
            disabled={readOnly}
            value={definition.formType}
            options={FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] }))}
            onChange={(formType) => dispatch({ type: 'settings', patch: { formType } })}
            style={{ width: 120 }}
          />
          布局
          <Select
            aria-label="布局"
            disabled={readOnly}
            value={definition.layout}
            options={LAYOUT_MODES.map((l) => ({ value: l, label: LAYOUT_MODE_LABELS[l] }))}
            onChange={(layout) => dispatch({ type: 'settings', patch: { layout } })}
            style={{ width: 100 }}
          />
        </Space>
        <Space>
          <Tooltip title="撤销（Ctrl+Z）">
            <Button
              icon={<UndoOutlined />}
              disabled={readOnly || history.past.length === 0}
              onClick={() => dispatch({ type: 'undo' })}
            >
              撤销
            </Button>
          </Tooltip>
          <Tooltip title="重做（Ctrl+Y）">
            <Button
              icon={<RedoOutlined />}
              disabled={readOnly || history.future.length === 0}
              onClick={() => dispatch({ type: 'redo' })}
            >
              重做
            </Button>
          </Tooltip>
        </Space>
        <Space>
          <EyeOutlined />
          预览
          <Switch aria-label="预览" checked={isPreview} onChange={setIsPreview} />
        </Space>
      </Flex>
      {problems.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`保存前请处理以下 ${problems.length} 个问题`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {isPreview ? (
        <DesignerPreview definition={definition} optionsOf={optionsOf} />
      ) : (
        <Row gutter={12}>
          <Col xs={24} md={6} lg={5}>
            <FieldPalette isDisabled={readOnly} onAdd={(component) => addField(component)} />
          </Col>
          <Col xs={24} md={10} lg={11}>
            <FieldCanvas
              fields={definition.fields}
              selectedIndex={selectedIndex}
              isReadOnly={readOnly}
              onSelect={setSelectedIndex}
              onMove={moveField}
              onDropComponent={addField}
              onRemove={remove}
              onDuplicate={duplicate}
            />
          </Col>
          <Col xs={24} md={8}>
            <FieldProperties
              fields={definition.fields}
              index={selectedIndex}
              constantTypes={constantTypes}
              isReadOnly={readOnly}
              onUpdate={update}
              renderPrefill={renderPrefill}
            />
          </Col>
        </Row>
      )}
    </div>
  );
}
