import { COMPONENT_LABELS, COMPONENT_TYPES, type ComponentType } from '@eduqa/contract';
import { Button, Card, Flex } from 'antd';
import { writeDrag } from './drag-data.ts';

/** 组件库: the 13 components, dragged onto the canvas or clicked to append. */
export function FieldPalette({
  isDisabled,
  onAdd,
}: {
  isDisabled: boolean;
  onAdd: (component: ComponentType) => void;
}) {
  return (
    <Card size="small" title="组件库">
      <Flex wrap gap={8} data-testid="field-palette">
        {COMPONENT_TYPES.map((component) => (
          <Button
            key={component}
            size="small"
            disabled={isDisabled}
            draggable={!isDisabled}
            onDragStart={(event) => writeDrag(event.dataTransfer, { kind: 'component', component })}
            onClick={() => onAdd(component)}
            style={{ width: 'calc(50% - 4px)', cursor: isDisabled ? undefined : 'grab' }}
            data-component={component}
          >
            {COMPONENT_LABELS[component]}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
