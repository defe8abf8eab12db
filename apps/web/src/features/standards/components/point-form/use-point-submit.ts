import type { QualityPoint } from '@eduqa/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { notify } from '../../../../shared/ui/feedback.tsx';
import { savePoint, useRefreshStandards } from '../../api.ts';
import { type PointFormValues, pointBodyOf } from '../../point-form.ts';

/** Checks the whole form, saves the point under its indicator, and closes the drawer on success. */
export function usePointSubmit({
  form,
  point,
  indicatorId,
  onClose,
}: {
  form: FormInstance<PointFormValues>;
  point: QualityPoint | null;
  /** Where a new point goes; an edited point keeps its own. */
  indicatorId: string | undefined;
  onClose: () => void;
}) {
  const [isSubmitting, setSubmitting] = useState(false);
  const refresh = useRefreshStandards();

  const submit = async () => {
    let values: PointFormValues;
    try {
      values = await form.validateFields();
      values = { ...(form.getFieldsValue(true) as PointFormValues), ...values };
    } catch (error) {
      // Long form: bring the first message into view.
      const first = (error as { errorFields?: Array<{ name: Array<string | number> }> }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const targetId = point?.indicatorId ?? indicatorId;
    if (!targetId) return;
    setSubmitting(true);
    try {
      await savePoint(pointBodyOf(values, targetId), point?.id);
    } catch {
      return;
    } finally {
      setSubmitting(false);
    }
    notify.success(point ? '质控点已保存' : '质控点已新增');
    void refresh();
    onClose();
  };

  return { submit, isSubmitting };
}
