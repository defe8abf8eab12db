import { diagnosisEndpoints, type QualityRowWire } from '@eduqa/contract';
import { Form } from 'antd';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { useRefreshDiagnosis } from '../api.ts';
import { cellKind, displayValue, enteredValueError } from '../values.ts';
import { ValueControl } from './value-input.tsx';

interface ReviseValues {
  xzmbz: string;
  xzjgz: string;
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
  row: QualityRowWire | null;
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
      title={`修正目标值与结果值 - ${row.zkdmc}`}
      open={open}
      onClose={onClose}
      initialValues={{ xzmbz: row.xzmbz ?? '', xzjgz: row.xzjgz ?? '' }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        <p style={{ margin: '16px 0' }}>
          {`原目标值：${displayValue(row.zlx, row.mbz)}，原结果值：${displayValue(row.zlx, row.jgz)}`}
        </p>
      }
      onSubmit={async (values) => {
        await call(diagnosisEndpoints.resultUpdate, {
          body: {
            zgzkdid: row.id,
            ...(row.notAllowChange ? {} : { xzmbz: (values.xzmbz ?? '').trim() }),
            xzjgz: (values.xzjgz ?? '').trim(),
          },
          json: true,
        });
        notify.success('保存成功');
        await refresh();
      }}
    >
      <Form.Item
        name="xzmbz"
        label="修正目标值"
        rules={[{ validator: check }]}
        extra={row.notAllowChange ? '该质控点不允许修改目标值' : undefined}
      >
        <ValueControl kind={kind} disabled={row.notAllowChange} />
      </Form.Item>
      <Form.Item name="xzjgz" label="修正结果值" rules={[{ validator: check }]}>
        <ValueControl kind={kind} />
      </Form.Item>
    </FormModal>
  );
}
