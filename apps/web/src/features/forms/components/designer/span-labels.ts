import type { FormField } from '@eduqa/contract';

/** The widths of FIELD_SPANS as the designer names them. */
export const SPAN_LABELS: Record<FormField['span'], string> = { 6: '1/4', 8: '1/3', 12: '1/2', 24: '整行' };
