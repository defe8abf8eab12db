import type { ObjectTask } from '@eduqa/contract';
import { Form } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { PersonSelect } from '../../org/index.ts';
import { setObjectTaskCharger, useRefreshDiagnosis } from '../api.ts';
import { PeopleSelect } from './people-select.tsx';

interface ChargerValues {
  chargerId: string;
  sharerIds?: string[];
}

/** 设置负责人与共享人 of an object task (users searched through /api/user/users/common). */
export function ChargerModal({
  open,
  objectTask,
  onClose,
}: {
  open: boolean;
  objectTask: ObjectTask | null;
  onClose: () => void;
}) {
  const refresh = useRefreshDiagnosis();
  return (
    <FormModal<ChargerValues>
      title={`设置负责人 - ${objectTask?.objectName ?? ''}`}
      open={open}
      onClose={onClose}
      initialValues={{
        chargerId: objectTask?.chargerId ?? undefined,
        sharerIds: objectTask?.sharers.map((s) => s.userId) ?? [],
      }}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
      onSubmit={async (values) => {
        if (!objectTask) return;
        await setObjectTaskCharger({
          id: objectTask.id,
          chargerId: values.chargerId,
          sharerIds: values.sharerIds ?? [],
        });
        notify.success('设置成功');
        await refresh();
      }}
    >
      <Form.Item name="chargerId" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
        <PersonSelect
          current={
            objectTask?.chargerId
              ? { value: objectTask.chargerId, label: objectTask.chargerName ?? objectTask.chargerId }
              : null
          }
        />
      </Form.Item>
      <Form.Item name="sharerIds" label="共享人">
        <PeopleSelect current={objectTask?.sharers.map((s) => ({ value: s.userId, label: s.name })) ?? []} />
      </Form.Item>
    </FormModal>
  );
}
