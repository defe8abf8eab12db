import { COMPONENT_TYPES, type ComponentType } from '@eduqa/contract';

/** What the designer's HTML5 drag carries: a component from the palette, or a field of the canvas by place. */
const COMPONENT_MIME = 'application/x-eduqa-component';
const FIELD_MIME = 'application/x-eduqa-field';

export type DragPayload = { kind: 'component'; component: ComponentType } | { kind: 'field'; index: number };

export function writeDrag(transfer: DataTransfer, payload: DragPayload) {
  if (payload.kind === 'component') transfer.setData(COMPONENT_MIME, payload.component);
  else transfer.setData(FIELD_MIME, String(payload.index));
  transfer.effectAllowed = payload.kind === 'component' ? 'copy' : 'move';
}

/** The payload of a drop, or null for anything dragged in from outside the designer. */
export function readDrag(transfer: DataTransfer): DragPayload | null {
  const component = transfer.getData(COMPONENT_MIME);
  if ((COMPONENT_TYPES as readonly string[]).includes(component))
    return { kind: 'component', component: component as ComponentType };
  const index = Number.parseInt(transfer.getData(FIELD_MIME), 10);
  return Number.isInteger(index) && index >= 0 ? { kind: 'field', index } : null;
}
