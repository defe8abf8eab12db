import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  DEFAULT_NARRATIVES,
  REPORT_SECTION_LABELS,
  REPORT_SECTIONS,
  type TemplateSection,
} from '@eduqa/contract';
import { Button, Checkbox, Collapse, Flex, Input, Typography } from 'antd';
import { NARRATIVE_PLACEHOLDERS } from '../api.ts';

/** Every section once: the template's in its order, then any it lacks, unchecked. */
export function completeSections(sections: readonly TemplateSection[]): TemplateSection[] {
  const missing = REPORT_SECTIONS.filter((key) => !sections.some((s) => s.key === key)).map((key) => ({
    key,
    title: REPORT_SECTION_LABELS[key],
    enabled: false,
    narrative: '',
  }));
  return [...sections.map((s) => ({ ...s })), ...missing];
}

export const defaultSections = (): TemplateSection[] =>
  REPORT_SECTIONS.map((key) => ({ key, title: REPORT_SECTION_LABELS[key], enabled: true, narrative: '' }));

/** Moves the section at `from` one place up (-1) or down (+1). */
export function moveSection(
  sections: readonly TemplateSection[],
  from: number,
  by: -1 | 1,
): TemplateSection[] {
  const to = from + by;
  if (to < 0 || to >= sections.length) return [...sections];
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * The sections of a report template: order (上移/下移), 勾选, title and narrative. An empty narrative
 * uses the default one; the placeholders a narrative may use are listed above.
 */
export function SectionEditor({
  value = [],
  onChange,
}: {
  value?: TemplateSection[];
  onChange?: (next: TemplateSection[]) => void;
}) {
  const change = (index: number, patch: Partial<TemplateSection>) =>
    onChange?.(value.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Flex vertical gap={12}>
      <Collapse
        size="small"
        items={[
          {
            key: 'help',
            label: '叙述中可用的占位符（写作 {名称}，生成报告时替换为数值）',
            children: (
              <Flex vertical gap={2}>
                {NARRATIVE_PLACEHOLDERS.map((p) => (
                  <Typography.Text key={p.key} style={{ fontSize: 12 }}>
                    <Typography.Text code copyable={{ text: `{${p.key}}` }}>{`{${p.key}}`}</Typography.Text>
                    {p.meaning}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      {value.map((section, index) => (
        <fieldset
          key={section.key}
          aria-label={`章节 ${REPORT_SECTION_LABELS[section.key]}`}
          style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, margin: 0 }}
        >
          <Flex gap={8} align="center" style={{ marginBottom: 6 }}>
            <Typography.Text type="secondary">{index + 1}.</Typography.Text>
            <Checkbox
              checked={section.enabled}
              onChange={(e) => change(index, { enabled: e.target.checked })}
            >
              勾选
            </Checkbox>
            <Input
              aria-label="章节标题"
              value={section.title}
              maxLength={60}
              placeholder={REPORT_SECTION_LABELS[section.key]}
              onChange={(e) => change(index, { title: e.target.value })}
              style={{ flex: 1 }}
            />
            <Button
              size="small"
              aria-label="上移"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => onChange?.(moveSection(value, index, -1))}
            />
            <Button
              size="small"
              aria-label="下移"
              icon={<ArrowDownOutlined />}
              disabled={index === value.length - 1}
              onClick={() => onChange?.(moveSection(value, index, 1))}
            />
          </Flex>
          <Input.TextArea
            aria-label="叙述模板"
            rows={2}
            maxLength={1000}
            value={section.narrative}
            placeholder={DEFAULT_NARRATIVES[section.key] || '不填则不显示叙述'}
            onChange={(e) => change(index, { narrative: e.target.value })}
          />
        </fieldset>
      ))}
    </Flex>
  );
}
