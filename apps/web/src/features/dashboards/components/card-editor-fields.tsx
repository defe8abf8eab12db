import {
  CARD_SOURCE_LABELS,
  type CardKind,
  type CardSource,
  KIND_SOURCES,
  MEASURE_KEYS,
  MEASURE_LABELS,
  normalizeCardUrl,
} from '@eduqa/contract';
import { Form, Input, Radio, Select } from 'antd';

/** 数据来源: the sources the kind allows (an algorithm only for the maintainers); an allowed one is kept chosen. */
export function CardSourceItem({ isManager }: { isManager: boolean }) {
  return (
    <Form.Item noStyle dependencies={['kind']}>
      {({ getFieldValue, setFieldValue }) => {
        const kind = getFieldValue('kind') as CardKind;
        const allowed = (KIND_SOURCES[kind] ?? []).filter((s) => isManager || s !== 'algorithm');
        const source = getFieldValue('source') as CardSource;
        if (!allowed.includes(source) && allowed[0])
          queueMicrotask(() => setFieldValue('source', allowed[0]));
        return (
          <Form.Item name="source" label="数据来源" rules={[{ required: true, message: '请选择数据来源' }]}>
            <Radio.Group options={allowed.map((s) => ({ value: s, label: CARD_SOURCE_LABELS[s] }))} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

/** What feeds the card, by its source: an algorithm group, a built-in measure, or an address. */
export function CardFeedItem({
  groupOptions,
  isLoadingGroups,
}: {
  groupOptions: { value: string; label: string }[];
  isLoadingGroups: boolean;
}) {
  return (
    <Form.Item noStyle dependencies={['source']}>
      {({ getFieldValue }) => {
        const source = getFieldValue('source') as CardSource;
        if (source === 'algorithm')
          return (
            <Form.Item
              name="algorithmGroupId"
              label="算法组（运行其详情算法）"
              rules={[{ required: true, message: '请选择算法组' }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={isLoadingGroups}
                options={groupOptions}
                notFoundContent="没有带详情算法的算法组"
              />
            </Form.Item>
          );
        if (source === 'measure')
          return (
            <Form.Item
              name="measure"
              label="内置指标"
              rules={[{ required: true, message: '请选择内置指标' }]}
            >
              <Select options={MEASURE_KEYS.map((k) => ({ value: k, label: MEASURE_LABELS[k] }))} />
            </Form.Item>
          );
        return (
          <Form.Item
            name="url"
            label="网址"
            extra="没有 http:// 或 https:// 时自动补上 http://；本站页面可写作 /api/docs；其他网站的页面须由系统管理员在服务器设置 FRAME_SOURCES 中允许后才能显示"
            rules={[
              { required: true, whitespace: true, message: '请输入网址' },
              {
                validator: async (_, value: string | undefined) => {
                  if (value && !normalizeCardUrl(value))
                    throw new Error('网址必须以 http:// 或 https:// 开头');
                },
              },
            ]}
          >
            <Input maxLength={500} placeholder="例如 www.example.edu.cn/report" />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}
