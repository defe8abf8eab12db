import { EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { FORM_TYPE_LABELS, FORM_TYPES, LAYOUT_MODE_LABELS, LAYOUT_MODES } from '@eduqa/contract';
import { Button, Flex, Select, Space, Switch, Tooltip } from 'antd';
import type { Dispatch } from 'react';
import type { DesignerAction, DesignerHistory } from './designer-history.ts';

export interface DesignerToolbarProps {
  history: DesignerHistory;
  dispatch: Dispatch<DesignerAction>;
  isReadOnly: boolean;
  isPreview: boolean;
  onPreviewChange: (isPreview: boolean) => void;
}

/** The designer's top row: the form's type and layout, undo and redo, and the 预览 switch. */
export function DesignerToolbar({
  history,
  dispatch,
  isReadOnly,
  isPreview,
  onPreviewChange,
}: DesignerToolbarProps) {
  const definition = history.present;
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
      <Space>
        表单类型
        <Select
          aria-label="表单类型"
          disabled={isReadOnly}
          value={definition.formType}
          options={FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] }))}
          onChange={(formType) => dispatch({ type: 'settings', patch: { formType } })}
          style={{ width: 120 }}
        />
        布局
        <Select
          aria-label="布局"
          disabled={isReadOnly}
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
            disabled={isReadOnly || history.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          >
            撤销
          </Button>
        </Tooltip>
        <Tooltip title="重做（Ctrl+Y）">
          <Button
            icon={<RedoOutlined />}
            disabled={isReadOnly || history.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
          >
            重做
          </Button>
        </Tooltip>
      </Space>
      <Space>
        <EyeOutlined />
        预览
        <Switch aria-label="预览" checked={isPreview} onChange={onPreviewChange} />
      </Space>
    </Flex>
  );
}
