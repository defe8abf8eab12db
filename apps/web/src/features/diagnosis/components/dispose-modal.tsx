import { notify } from '../../../shared/ui/feedback.tsx';
import { disposeWarning, useRefreshDiagnosis } from '../api.ts';
import { CauseMeasureModal } from './cause-measure-modal.tsx';

/** 处理预警: cause analysis and handling measure of one pending warning record. */
export function DisposeModal({
  open,
  warningId,
  title,
  onClose,
}: {
  open: boolean;
  warningId: string | null;
  title: string;
  onClose: () => void;
}) {
  const refresh = useRefreshDiagnosis();
  return (
    <CauseMeasureModal
      open={open}
      title={title}
      measureLabel="处理措施"
      initial={{ cause: '', measure: '' }}
      onClose={onClose}
      onSubmit={async ({ cause, measure }) => {
        if (!warningId) return;
        await disposeWarning(warningId, { cause, measure });
        notify.success('预警已处理');
        await refresh();
      }}
    />
  );
}
