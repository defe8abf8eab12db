import { goalReportsEndpoints as E, REPORT_TEXT_MAX } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { post, type TemplateRow, useRefreshReports } from './api.ts';

interface TemplateValues {
  name: string;
  outline: string;
}

/** 新增/编辑报告模板: a name and the outline, one section a line. */
export function TemplateFormModal({
  open,
  template,
  onClose,
}: {
  open: boolean;
  template: TemplateRow | null;
  onClose: () => void;
}) {
  const refresh = useRefreshReports();
  const submit = async (values: TemplateValues) => {
    const body = { name: values.name.trim(), outline: values.outline.trim() };
    if (template) await post(E.templateUpdate, { ...body, id: template.id });
    else await post(E.templateInsert, body);
    notify.success(template ? '报告模板已修改' : '报告模板已新增');
    await refresh();
  };
  return (
    <FormModal<TemplateValues>
      title={template ? '编辑报告模板' : '新增报告模板'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={template ? { name: template.name, outline: template.outline } : {}}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="name"
        label="模板名称"
        rules={[
          { required: true, whitespace: true, message: '请输入模板名称' },
          {
            max: REPORT_TEXT_MAX.templateName,
            message: `模板名称最多只能输入${REPORT_TEXT_MAX.templateName}个字符`,
          },
        ]}
      >
        <Input placeholder="请输入模板名称" />
      </Form.Item>
      <Form.Item
        name="outline"
        label="报告提纲"
        extra="每行一节，生成报告时列在正文之前"
        rules={[
          { required: true, whitespace: true, message: '请输入报告提纲' },
          { max: REPORT_TEXT_MAX.outline, message: `报告提纲最多只能输入${REPORT_TEXT_MAX.outline}个字符` },
        ]}
      >
        <Input.TextArea rows={6} placeholder={'例如：\n总体情况\n任务完成情况\n存在问题与改进措施'} />
      </Form.Item>
    </FormModal>
  );
}
