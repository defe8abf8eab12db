import { COLLECTION_METHOD_LABELS } from '@eduqa/contract';
import { Form, type FormRule, Input, InputNumber, Space } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { type BindingRow, type BindingValues, computedKeys, saveBinding } from '../api.ts';
import { AlgorithmGroupSelect } from './algorithm-group-select.tsx';

type Values = BindingValues;

/** The server's rule of an ordered range (contract `checkBindingFields`), told before sending. */
const orderedRange: FormRule = ({ getFieldValue }) => ({
  validator: async (_, min: number | null | undefined) => {
    const max = getFieldValue('plausibleMax') as number | null | undefined;
    if (min != null && max != null && min > max) throw new Error('合理范围下限不能大于上限');
  },
});

/**
 * 采集配置 of one point: algorithm and SQL points name their result (and optional detail) algorithm
 * group; interface points an HTTP address answering JSON and where its rows and fields are. Both may
 * set the plausible range the gate checks.
 */
export function BindingFormModal({
  binding,
  open,
  onClose,
}: {
  binding: BindingRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const act = useAction(computedKeys.all);
  if (!binding) return null;
  const isInterface = binding.collectionMethod === 'interface';
  const initialValues: Values = {
    resultGroupId: binding.resultGroupId ?? '',
    detailGroupId: binding.detailGroupId ?? '',
    endpointUrl: binding.endpointUrl ?? '',
    listPath: binding.listPath ?? '',
    codeField: binding.codeField ?? '',
    valueField: binding.valueField ?? '',
    dateField: binding.dateField ?? '',
    plausibleMin: binding.plausibleMin ?? undefined,
    plausibleMax: binding.plausibleMax ?? undefined,
  };
  const required = (label: string) => [{ required: true, whitespace: true, message: `请输入${label}` }];
  return (
    <FormModal<Values>
      title={`采集配置：${binding.pointName}（${COLLECTION_METHOD_LABELS[binding.collectionMethod]}）`}
      open={open}
      onClose={onClose}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={async (values) => {
        const ok = await act(() => saveBinding(binding.pointId, values), '保存成功');
        if (!ok) throw new Error('refused');
      }}
    >
      {isInterface ? (
        <>
          <Form.Item
            name="endpointUrl"
            label="接口地址"
            rules={[
              ...required('接口地址'),
              { type: 'url', message: '请输入 http:// 或 https:// 开头的地址' },
            ]}
          >
            <Input placeholder="https://jw.example.edu.cn/api/scores" maxLength={500} />
          </Form.Item>
          <Form.Item
            name="listPath"
            label="列表路径"
            extra="返回的 JSON 中数据列表的位置，如 data.list；留空表示顶层就是列表"
          >
            <Input maxLength={200} />
          </Form.Item>
          <Space>
            <Form.Item name="codeField" label="对象编码字段" rules={required('对象编码字段')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="valueField" label="数值字段" rules={required('数值字段')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="dateField" label="日期字段">
              <Input maxLength={200} />
            </Form.Item>
          </Space>
        </>
      ) : (
        <>
          <Form.Item
            name="resultGroupId"
            label="结果算法组"
            rules={[{ required: true, message: '请选择结果算法组' }]}
            extra="每个对象每个周期返回一行，列名 value"
          >
            <AlgorithmGroupSelect initialName={binding.resultGroupName} />
          </Form.Item>
          <Form.Item name="detailGroupId" label="明细算法组" extra="用于质控点详情的“详细数据”，可不填">
            <AlgorithmGroupSelect initialName={binding.detailGroupName} />
          </Form.Item>
        </>
      )}
      <Space>
        <Form.Item
          name="plausibleMin"
          label="合理范围下限"
          dependencies={['plausibleMax']}
          rules={[orderedRange]}
        >
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="plausibleMax" label="合理范围上限">
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
