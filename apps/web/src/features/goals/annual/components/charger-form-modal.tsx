import { ANNUAL_TEXT_MAX, annualEndpoints as E, PHONE_RE } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { PersonSelect } from '../../../org/index.ts';
import { goalKeys } from '../../api.ts';
import { DepartmentSelect } from '../../components/department-select.tsx';
import { annualKeys, type ChargerRow, post } from '../api.ts';
import { TargetTypeSelect } from './target-type-select.tsx';

interface Values {
  departmentId: string;
  targetTypeId: string;
  userId: string;
  phone?: string;
  remark?: string;
}

/** 新增/编辑负责人: one person per department and target type. */
export function ChargerFormModal({
  open,
  charger,
  onClose,
}: {
  open: boolean;
  charger: ChargerRow | null;
  onClose: () => void;
}) {
  const act = useAction(annualKeys.all, goalKeys.all);
  return (
    <FormModal<Values>
      title={charger ? '编辑负责人' : '新增负责人'}
      open={open}
      onClose={onClose}
      initialValues={
        charger
          ? {
              departmentId: charger.departmentId,
              targetTypeId: charger.targetTypeId,
              userId: charger.userId,
              phone: charger.phone,
              remark: charger.remark,
            }
          : {}
      }
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      onSubmit={async (values) => {
        const body = {
          departmentId: values.departmentId,
          targetTypeId: values.targetTypeId,
          userId: values.userId,
          phone: values.phone?.trim() ?? '',
          remark: values.remark?.trim() ?? '',
        };
        const done = await act(
          () => (charger ? post(E.chargerUpdate, { ...body, id: charger.id }) : post(E.chargerInsert, body)),
          charger ? '已保存' : '已新增',
        );
        if (!done) throw new Error('refused');
      }}
    >
      <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
        <DepartmentSelect />
      </Form.Item>
      <Form.Item name="targetTypeId" label="目标类型" rules={[{ required: true, message: '请选择目标类型' }]}>
        <TargetTypeSelect />
      </Form.Item>
      <Form.Item name="userId" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
        <PersonSelect
          current={
            charger ? { value: charger.userId, label: `${charger.userName}（${charger.userAccount}）` } : null
          }
        />
      </Form.Item>
      <Form.Item
        name="phone"
        label="联系电话"
        rules={[
          {
            validator: (_, value?: string) =>
              !value?.trim() || PHONE_RE.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error('请输入正确的联系电话')),
          },
        ]}
      >
        <Input placeholder="手机或座机号码" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="remark"
        label="备注"
        rules={[{ max: ANNUAL_TEXT_MAX.remark, message: `备注最多只能输入${ANNUAL_TEXT_MAX.remark}个字符` }]}
      >
        <Input.TextArea rows={2} showCount maxLength={ANNUAL_TEXT_MAX.remark} />
      </Form.Item>
    </FormModal>
  );
}
