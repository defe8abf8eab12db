import type { QualityReportTemplate, TemplateSection } from '@eduqa/contract';
import { Form, Input } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { insertTemplate, updateTemplate } from '../api.ts';
import { completeSections, defaultSections, SectionEditor } from './section-editor.tsx';

interface TemplateValues {
  name: string;
  sections: TemplateSection[];
}

/** 新增/编辑报告模板: a name and the sections (order, 勾选, title, narrative). */
export function TemplateFormModal({
  open,
  template,
  onClose,
  act,
}: {
  open: boolean;
  template: QualityReportTemplate | null;
  onClose: () => void;
  act: RunAction;
}) {
  const submit = async (values: TemplateValues) => {
    const body = {
      name: values.name.trim(),
      sections: values.sections.map((s) => ({ ...s, title: s.title.trim(), narrative: s.narrative.trim() })),
    };
    const ok = await act(
      () => (template ? updateTemplate(template.id, body) : insertTemplate(body)),
      template ? '报告模板已修改' : '报告模板已新增',
    );
    if (!ok) throw new Error('refused');
  };
  return (
    <FormModal<TemplateValues>
      title={template ? '编辑报告模板' : '新增报告模板'}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      layout="vertical"
      initialValues={{
        name: template?.name ?? '',
        sections: template ? completeSections(template.sections) : defaultSections(),
      }}
    >
      <Form.Item
        name="name"
        label="模板名称"
        rules={[
          { required: true, whitespace: true, message: '请输入模板名称' },
          { max: 60, message: '模板名称最多只能输入60个字符' },
        ]}
      >
        <Input placeholder="请输入模板名称" />
      </Form.Item>
      <Form.Item
        name="sections"
        label="章节"
        rules={[
          {
            validator: async (_, sections: TemplateSection[] | undefined) => {
              if (!sections?.some((s) => s.enabled)) throw new Error('请至少勾选一个章节');
              if (sections.some((s) => s.title.trim() === '')) throw new Error('请填写每个章节的标题');
            },
          },
        ]}
      >
        <SectionEditor />
      </Form.Item>
    </FormModal>
  );
}
