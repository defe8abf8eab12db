import { type QualityDeptVersion, TEXT_LIMITS } from '@eduqa/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { responsibilityKeys, saveVersion } from '../api.ts';

interface VersionValues {
  name: string;
  versionDate: Dayjs;
  remark?: string;
}

const NAME_MAX = TEXT_LIMITS.default;
const REMARK_MAX = TEXT_LIMITS.content;

/** 新增版本 (a snapshot of the saved assignment, enabled at once) or 编辑版本 (its name, date, remark). */
export function VersionFormModal({
  open,
  version,
  onClose,
}: {
  open: boolean;
  version: QualityDeptVersion | null;
  onClose: () => void;
}) {
  const run = useAction(responsibilityKeys.all);
  const submit = async (values: VersionValues) => {
    const input = {
      name: values.name.trim(),
      versionDate: values.versionDate.format('YYYY-MM-DD'),
      remark: (values.remark ?? '').trim(),
    };
    const isSaved = await run(
      () => saveVersion(input, version?.id),
      version ? '版本已保存' : '已保存为新版本并启用',
    );
    if (!isSaved) throw new Error('refused');
  };
  return (
    <FormModal<VersionValues>
      title={version ? '编辑版本' : '新增版本'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      name="qualityDeptVersionForm"
      intro={version ? undefined : '新版本保存当前已保存的部门职责，并成为启用的版本。'}
      initialValues={
        version
          ? { name: version.name, versionDate: dayjs(version.versionDate), remark: version.remark }
          : { versionDate: dayjs() }
      }
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="版本名称"
        rules={[
          { required: true, whitespace: true, message: '请输入版本名称' },
          { max: NAME_MAX, message: `版本名称最多只能输入${NAME_MAX}个字符` },
        ]}
      >
        <Input placeholder="请输入版本名称" maxLength={NAME_MAX} />
      </Form.Item>
      <Form.Item name="versionDate" label="版本日期" rules={[{ required: true, message: '请选择版本日期' }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="remark"
        label="备注"
        rules={[{ max: REMARK_MAX, message: `备注最多只能输入${REMARK_MAX}个字符` }]}
      >
        <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}
