import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { COMPONENT_LABELS, type ComponentType, type FormField, hasRule } from '@eduqa/contract';
import { Button, Card, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { DragEvent } from 'react';
import { TEXT_COLORS } from '../../../../shared/ui/colors.ts';
import { readDrag, writeDrag } from './drag-data.ts';
import { SPAN_LABELS } from './span-labels.ts';

interface FieldCanvasProps {
  fields: readonly FormField[];
  selectedIndex: number | null;
  isReadOnly: boolean;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDropComponent: (component: ComponentType, index: number) => void;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/**
 * 画布: the fields in order. A field is selected by a click and reordered by dragging it onto
 * another; a palette component dropped on a field lands before it, dropped below the list at the end.
 */
export function FieldCanvas(props: FieldCanvasProps) {
  const { fields, selectedIndex, isReadOnly } = props;

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    const payload = readDrag(event.dataTransfer);
    if (!payload || isReadOnly) return;
    if (payload.kind === 'component') props.onDropComponent(payload.component, index);
    else props.onMove(payload.index, Math.min(index, fields.length - 1));
  };
  const allowDrop = (event: DragEvent) => {
    if (!isReadOnly) event.preventDefault();
  };

  return (
    <Card size="small" title={`画布（${fields.length} 个字段）`}>
      <Flex
        vertical
        gap={8}
        onDragOver={allowDrop}
        onDrop={(event) => onDrop(event, fields.length)}
        style={{ minHeight: 240 }}
        data-testid="field-canvas"
      >
        {fields.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="从左侧拖入或点击组件添加字段" />
        ) : null}
        {fields.map((field, index) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: two fields may share a key while it is being edited
            key={`${field.key}-${index}`}
            size="small"
            hoverable
            draggable={!isReadOnly}
            onDragStart={(event) => writeDrag(event.dataTransfer, { kind: 'field', index })}
            onDragOver={allowDrop}
            onDrop={(event) => onDrop(event, index)}
            // Clicks inside the delete confirmation (a portal) reach here through React; they select nothing.
            onClick={(event) => {
              if (event.currentTarget.contains(event.target as Node)) props.onSelect(index);
            }}
            style={{ borderColor: index === selectedIndex ? '#1677ff' : undefined }}
            data-field-key={field.key}
          >
            <Flex align="center" gap={8}>
              {isReadOnly ? null : <HolderOutlined style={{ cursor: 'grab' }} />}
              <Typography.Text strong ellipsis style={{ flex: 1 }}>
                {hasRule(field, 'require') ? <span style={{ color: TEXT_COLORS.danger }}>* </span> : null}
                {field.label}
              </Typography.Text>
              <Tag>{COMPONENT_LABELS[field.component]}</Tag>
              <Tag>{SPAN_LABELS[field.span]}</Tag>
              <Typography.Text type="secondary">{field.key}</Typography.Text>
              {isReadOnly ? null : (
                <span>
                  <Button
                    type="text"
                    size="small"
                    icon={<CopyOutlined />}
                    aria-label="复制"
                    onClick={(event) => {
                      event.stopPropagation();
                      props.onDuplicate(index);
                    }}
                  />
                  <Popconfirm
                    title={`确定删除字段「${field.label}」吗？`}
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => props.onRemove(index)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除"
                      onClick={(event) => event.stopPropagation()}
                    />
                  </Popconfirm>
                </span>
              )}
            </Flex>
          </Card>
        ))}
        {/* A long list fills the canvas: this strip keeps room to drop a component at the end. */}
        {fields.length > 0 && !isReadOnly ? (
          <div
            data-testid="canvas-end"
            style={{
              border: '1px dashed #d9d9d9',
              borderRadius: 6,
              padding: '10px 0',
              textAlign: 'center',
              color: TEXT_COLORS.muted,
            }}
          >
            拖到这里，添加到末尾
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
