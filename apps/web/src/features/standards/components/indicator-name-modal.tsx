import { standardsEndpoints, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { useRefreshStandards } from '../api.ts';

interface IndicatorValues {
  name: string;
  code?: string;
}

/** What the dialog does: add a level-1 indicator, add a child, or rename. */
export type IndicatorDialogTarget =
  | { kind: 'add'; categoryId: string; parent: { id: string; name: string } | null }
  | { kind: 'rename'; id: string; name: string; code: string | null };

/** 新增指标 / 新增下级指标 / 重命名. */
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
    const name = values.name.trim();
    const code = values.code?.trim() ?? '';
    if (target.kind === 'add') {
      await call(standardsEndpoints.indicatorInsert, {
        body: {
          categoryId: target.categoryId,
          name,
          code,
          ...(target.parent ? { parentId: target.parent.id } : {}),
        },
        json: true,
      });
      notify.success('指标已新增');
    } else {
      await call(standardsEndpoints.indicatorUpdate, { body: { id: target.id, name, code }, json: true });
      notify.success('指标已保存');
    }
    void refresh();
  };

  const title =
    target?.kind === 'rename'
      ? '重命名指标'
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
      initialValues={target?.kind === 'rename' ? { name: target.name, code: target.code ?? '' } : {}}
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
    </FormModal>
  );
}
