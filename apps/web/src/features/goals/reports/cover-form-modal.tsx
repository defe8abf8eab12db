import { reportsEndpoints as E, REPORT_TEXT_MAX } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { post, useRefreshReports } from './api.ts';

interface CoverValues {
  title: string;
  subtitle?: string;
  schoolName: string;
}

const max = (label: string, n: number) => ({ max: n, message: `${label}最多只能输入${n}个字符` });

/** 新增报告封面; the first cover becomes the default. */
export function CoverFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const refresh = useRefreshReports();
  const submit = async (values: CoverValues) => {
    await post(E.coverInsert, {
      title: values.title.trim(),
      subtitle: values.subtitle?.trim() ?? '',
      schoolName: values.schoolName.trim(),
    });
    notify.success('报告封面已新增');
    await refresh();
  };
  return (
    <FormModal<CoverValues>
      title="新增报告封面"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="title"
        label="封面标题"
        rules={[
          { required: true, whitespace: true, message: '请输入封面标题' },
          max('封面标题', REPORT_TEXT_MAX.coverTitle),
        ]}
      >
        <Input placeholder="请输入封面标题，如：年度目标任务完成情况报告" />
      </Form.Item>
      <Form.Item name="subtitle" label="副标题" rules={[max('副标题', REPORT_TEXT_MAX.coverSubtitle)]}>
        <Input placeholder="请输入副标题" />
      </Form.Item>
      <Form.Item
        name="schoolName"
        label="学校名称"
        rules={[
          { required: true, whitespace: true, message: '请输入学校名称' },
          max('学校名称', REPORT_TEXT_MAX.schoolName),
        ]}
      >
        <Input placeholder="请输入学校名称" />
      </Form.Item>
    </FormModal>
  );
}
