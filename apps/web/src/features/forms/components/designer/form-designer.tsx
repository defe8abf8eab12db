import type { FormDefinition } from '@eduqa/contract';
import { Alert, Col, Row } from 'antd';
import { useState } from 'react';
import type { OptionsOf } from '../renderer/form-row.ts';
import { DesignerPreview } from './designer-preview.tsx';
import { DesignerToolbar } from './designer-toolbar.tsx';
import { FieldCanvas } from './field-canvas.tsx';
import { FieldPalette } from './field-palette.tsx';
import { type ConstantTypeOption, FieldProperties, type PrefillSlot } from './field-properties.tsx';
import { useFormDesigner } from './use-form-designer.ts';

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
  const { history, dispatch, definition, problems, selectedIndex, setSelectedIndex, rootRef, edits } =
    useFormDesigner({ value, onChange, readOnly });
  const [isPreview, setIsPreview] = useState(false);

  return (
    <div ref={rootRef} data-testid="form-designer">
      <DesignerToolbar
        history={history}
        dispatch={dispatch}
        isReadOnly={readOnly}
        isPreview={isPreview}
        onPreviewChange={setIsPreview}
      />
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
            <FieldPalette isDisabled={readOnly} onAdd={(component) => edits.addField(component)} />
          </Col>
          <Col xs={24} md={10} lg={11}>
            <FieldCanvas
              fields={definition.fields}
              selectedIndex={selectedIndex}
              isReadOnly={readOnly}
              onSelect={setSelectedIndex}
              onMove={edits.moveField}
              onDropComponent={edits.addField}
              onRemove={edits.remove}
              onDuplicate={edits.duplicate}
            />
          </Col>
          <Col xs={24} md={8}>
            <FieldProperties
              fields={definition.fields}
              index={selectedIndex}
              constantTypes={constantTypes}
              isReadOnly={readOnly}
              onUpdate={edits.update}
              renderPrefill={renderPrefill}
            />
          </Col>
        </Row>
      )}
    </div>
  );
}
