import type { QualityRow } from '@eduqa/contract';
import { Form } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveResult, useRefreshDiagnosis } from '../api.ts';
import { cellKind, displayValue, enteredValueError } from '../values.ts';
import { ValueControl } from './value-input.tsx';

interface ReviseValues {
  revisedTarget: string;
  revisedResult: string;
}

/**
 * 修正: the charger's revised target (not when the standard forbids changing it) and revised result;
 * both are shown instead of the originals when present, an empty field removes the revision.
 */
export function ReviseModal({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: QualityRow | null;
  onClose: () => void;
}) {
  const refresh = useRefreshDiagnosis();
  if (!row) return null;
  const kind = cellKind(row);
  const check = async (_: unknown, value: string | undefined) => {
    const problem = enteredValueError(row, value ?? '');
    if (problem) throw new Error(problem);
  };
  return (
    <FormModal<ReviseValues>
      title={`修正目标值与结果值 - ${row.name}`}
      open={open}
      onClose={onClose}
      initialValues={{ revisedTarget: row.revisedTarget ?? '', revisedResult: row.revisedResult ?? '' }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        <p style={{ margin: '16px 0' }}>
          {`原目标值：${displayValue(row.dataType, row.target)}，原结果值：${displayValue(row.dataType, row.result)}`}
        </p>
      }
      onSubmit={async (values) => {
        await saveResult(row.id, {
          ...(row.notAllowChange ? {} : { revisedTarget: (values.revisedTarget ?? '').trim() }),
          revisedResult: (values.revisedResult ?? '').trim(),
        });
        notify.success('保存成功');
        await refresh();
      }}
    >
      <Form.Item
        name="revisedTarget"
        label="修正目标值"
        rules={[{ validator: check }]}
        extra={row.notAllowChange ? '该质控点不允许修改目标值' : undefined}
      >
        <ValueControl kind={kind} disabled={row.notAllowChange} />
      </Form.Item>
      <Form.Item name="revisedResult" label="修正结果值" rules={[{ validator: check }]}>
        <ValueControl kind={kind} />
      </Form.Item>
    </FormModal>
  );
}
