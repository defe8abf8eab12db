import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUALITY_REPORT_TEXT_MAX, REPORT_EXPLAIN_MAX_ITEMS } from '@eduqa/contract';
import { Button, Flex, Form, Input } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveExplains } from '../api.ts';

interface ExplainValues {
  items: Array<{ name: string; text: string }>;
}

const max = (label: string, n: number) => ({ max: n, message: `${label}最多只能输入${n}个字符` });

/** 自我诊断总结: named items the report's editor writes (成绩与经验, 问题与不足, 改进计划 …). */
export function ExplainModal({
  reportId,
  items,
  open,
  onClose,
  act,
}: {
  reportId: string;
  items: Array<{ name: string; text: string }>;
  open: boolean;
  onClose: () => void;
  act: RunAction;
}) {
  const submit = async (values: ExplainValues) => {
    const cleaned = (values.items ?? []).map((i) => ({ name: i.name.trim(), text: i.text.trim() }));
    if (!(await act(() => saveExplains(reportId, cleaned), '自我诊断总结已保存'))) throw new Error('refused');
  };
  return (
    <FormModal<ExplainValues>
      title="自我诊断总结"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      layout="vertical"
      initialValues={{ items: items.length > 0 ? items : [{ name: '', text: '' }] }}
    >
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} style={{ marginBottom: 8 }}>
                <Flex gap={8} align="flex-start">
                  <Form.Item
                    name={[field.name, 'name']}
                    label={`第${index + 1}项`}
                    style={{ flex: 1, marginBottom: 8 }}
                    rules={[
                      { required: true, whitespace: true, message: '请输入总结项名称' },
                      max('总结项名称', QUALITY_REPORT_TEXT_MAX.explainName),
                    ]}
                  >
                    <Input placeholder="总结项名称，如：问题与不足" />
                  </Form.Item>
                  <Button
                    aria-label={`删除第${index + 1}项`}
                    icon={<DeleteOutlined />}
                    style={{ marginTop: 30 }}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
                <Form.Item
                  name={[field.name, 'text']}
                  rules={[
                    { required: true, whitespace: true, message: '请输入总结内容' },
                    max('总结内容', QUALITY_REPORT_TEXT_MAX.explainText),
                  ]}
                >
                  <Input.TextArea rows={3} placeholder="请输入总结内容" />
                </Form.Item>
              </div>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= REPORT_EXPLAIN_MAX_ITEMS}
              onClick={() => add({ name: '', text: '' })}
            >
              添加总结项（最多{REPORT_EXPLAIN_MAX_ITEMS}项）
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
