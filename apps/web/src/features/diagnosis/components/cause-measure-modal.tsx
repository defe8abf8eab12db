import { DIAGNOSIS_TEXT_LABELS } from '@eduqa/contract';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { DiagnosisTextItem } from './diagnosis-text.tsx';

export interface CauseMeasureValues {
  cause: string;
  measure: string;
}

/**
 * 原因分析 and 改进措施 (or 处理措施 when handling a warning) in a 508-wide dialog; used to edit a
 * below-standard point and to dispose of a warning. `onSubmit` rejects to keep the dialog open.
 */
export function CauseMeasureModal({
  open,
  title,
  measureLabel = DIAGNOSIS_TEXT_LABELS.measure,
  initial,
  intro,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  measureLabel?: string;
  initial: CauseMeasureValues;
  intro?: React.ReactNode;
  onClose: () => void;
  onSubmit: (values: CauseMeasureValues) => Promise<void>;
}) {
  return (
    <FormModal<CauseMeasureValues>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={(values) => onSubmit({ cause: values.cause.trim(), measure: values.measure.trim() })}
      initialValues={initial}
      layout="vertical"
      intro={intro}
    >
      <DiagnosisTextItem name="cause" label={DIAGNOSIS_TEXT_LABELS.cause} />
      <DiagnosisTextItem name="measure" label={measureLabel} />
    </FormModal>
  );
}
