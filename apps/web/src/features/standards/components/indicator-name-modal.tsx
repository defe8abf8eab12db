import { INDICATOR_WEIGHT_MAX, indicatorWeightError, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, InputNumber } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveIndicator, useRefreshStandards } from '../api.ts';

interface IndicatorValues {
  name: string;
  code?: string;
  weight?: number | null;
}

/** What the dialog does: add a level-1 indicator, add a child, or edit one (name, code, weight). */
export type IndicatorDialogTarget =
  | { kind: 'add'; categoryId: string; parent: { id: string; name: string } | null }
  | { kind: 'rename'; id: string; name: string; code: string | null; weight: number | null };

/** The form's check of 权重: empty is fine (counts as 1), else the contract's rule. */
export async function checkWeight(_: unknown, value: number | null | undefined) {
  if (value === null || value === undefined) return;
  const error = indicatorWeightError(value);
  if (error) throw new Error(error);
}

/** 新增指标 / 新增下级指标 / 编辑指标（名称、编号、权重）. */
export function IndicatorNameModal({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: IndicatorDialogTarget | null;
  onClose: () => void;
}) {
  const refresh = useRefreshStandards();

  const save = async (values: IndicatorValues) => {
    if (!target) return;
    const input = {
      name: values.name.trim(),
      code: values.code?.trim() ?? '',
      weight: values.weight ?? null,
    };
    if (target.kind === 'add') {
      await saveIndicator(input, { categoryId: target.categoryId, parentId: target.parent?.id ?? null });
      notify.success('指标已新增');
    } else {
      await saveIndicator(input, { id: target.id });
      notify.success('指标已保存');
    }
    void refresh();
  };

  const title =
    target?.kind === 'rename'
      ? '编辑指标'
      : target?.parent
        ? `新增「${target.parent.name}」的下级指标`
        : '新增一级指标';
  return (
    <FormModal<IndicatorValues>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="indicatorForm"
      initialValues={
        target?.kind === 'rename' ? { name: target.name, code: target.code ?? '', weight: target.weight } : {}
      }
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="name"
        label="指标名称"
        rules={[
          { required: true, whitespace: true, message: '请输入指标名称' },
          { max: TEXT_LIMITS.content, message: `指标名称最多只能输入${TEXT_LIMITS.content}个字符` },
        ]}
      >
        <Input placeholder="请输入指标名称" maxLength={TEXT_LIMITS.content} />
      </Form.Item>
      <Form.Item
        name="code"
        label="指标编号"
        rules={[{ max: TEXT_LIMITS.small, message: `指标编号最多只能输入${TEXT_LIMITS.small}个字符` }]}
      >
        <Input placeholder="选填" maxLength={TEXT_LIMITS.small} />
      </Form.Item>
      <Form.Item
        name="weight"
        label="权重"
        extra="在同级指标中的权重，用于计算诊断得分；不填按1计"
        rules={[{ validator: checkWeight }]}
      >
        <InputNumber placeholder="选填" min={0} max={INDICATOR_WEIGHT_MAX} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
