import type { Portrait, PortraitKind, PortraitMeasure, PortraitSubject, ScreenLayout } from '@eduqa/contract';
import type { PortraitInput } from '../api.ts';

export interface PortraitValues {
  subject: PortraitSubject;
  name: string;
  parentId?: string | null;
  sortOrder?: number | null;
  measures?: PortraitMeasure[];
  warehouseTableId?: string;
  layout?: ScreenLayout;
  roleIds?: string[];
}

/** The form's start: the entry being edited, or a new school-level one (a screen with the overview layout). */
export function portraitInitialValues(kind: PortraitKind, entry: Portrait | null): Partial<PortraitValues> {
  return entry
    ? {
        subject: entry.subject,
        name: entry.name,
        parentId: entry.parentId,
        sortOrder: entry.sortOrder,
        measures: entry.config.measures,
        ...(entry.config.warehouseTableId ? { warehouseTableId: entry.config.warehouseTableId } : {}),
        ...(entry.config.layout ? { layout: entry.config.layout } : {}),
        roleIds: entry.roleIds,
      }
    : {
        subject: 'school',
        sortOrder: 0,
        measures: [],
        roleIds: [],
        ...(kind === 'screen' ? { layout: 'schoolOverview' } : {}),
      };
}

/** What the form saves: the name trimmed, empty choices as none, the config from what the kind shows. */
export function toPortraitInput(kind: PortraitKind, values: PortraitValues): PortraitInput {
  const config = {
    measures: values.measures ?? [],
    ...(values.warehouseTableId ? { warehouseTableId: values.warehouseTableId } : {}),
    ...(values.layout ? { layout: values.layout } : {}),
  };
  return {
    kind,
    subject: values.subject,
    name: values.name.trim(),
    parentId: values.parentId ?? null,
    sortOrder: values.sortOrder ?? 0,
    config,
    roleIds: values.roleIds ?? [],
  };
}
