import {
  CARD_KIND_LABELS,
  CARD_KINDS,
  CARD_SOURCE_LABELS,
  type CardKind,
  type CardSource,
  type DashboardCard,
  KIND_SOURCES,
  MEASURE_KEYS,
  MEASURE_LABELS,
  normalizeCardUrl,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { type CardInput, useCardAlgorithmGroups } from '../api.ts';

type Values = CardInput;

/**
 * 卡片编辑: name, kind, and what feeds it — a detail algorithm group, a built-in measure, or (the iframe
 * viewer) an address, which gets http:// when it has none. Everyone may make cards of his own from a measure
 * or an address; binding an algorithm and sharing are the maintainers' (`isManager`). The server checks the
 * same rules.
 */
export function CardEditor({
  open,
  card,
  isManager,
  onClose,
  onSave,
}: {
  open: boolean;
  card: DashboardCard | null;
  isManager: boolean;
  onClose: () => void;
  onSave: (values: CardInput) => Promise<boolean>;
}) {
  // The groups with a detail version: a school has tens of them, searched in the list itself.
  const groups = useCardAlgorithmGroups('', open && isManager);
  const initial: Values = card
    ? {
        name: card.name,
        kind: card.kind,
        source: card.source,
        algorithmGroupId: card.algorithmGroupId,
        algorithmVersion: card.algorithmVersion,
        objectId: card.objectId,
        measure: card.measure,
        url: card.url,
        isShared: card.isShared,
      }
    : { name: '', kind: 'number', source: 'measure', isShared: isManager };
  const groupOptions = [
    ...(card?.algorithmGroupId && !groups.data?.some((g) => g.id === card.algorithmGroupId)
      ? [{ value: card.algorithmGroupId, label: card.algorithmGroupName ?? card.algorithmGroupId }]
      : []),
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name}（详情 v${g.detailVersion}）` })),
  ];
  return (
    <FormModal<Values>
      title={card ? '编辑卡片' : '新建卡片'}
      open={open}
      onClose={onClose}
      initialValues={initial}
      layout="vertical"
      onSubmit={async (values) => {
        const saved = await onSave({
          ...values,
          objectId: values.source === 'algorithm' ? (card?.objectId ?? null) : null,
        });
        if (!saved) throw new Error('refused');
      }}
    >
      <Form.Item
        name="name"
        label="卡片名称"
        rules={[{ required: true, whitespace: true, message: '请输入卡片名称' }]}
      >
        <Input maxLength={TEXT_LIMITS.default} showCount />
      </Form.Item>
      <Form.Item name="kind" label="卡片类型" rules={[{ required: true, message: '请选择卡片类型' }]}>
        <Select options={CARD_KINDS.map((k) => ({ value: k, label: CARD_KIND_LABELS[k] }))} />
      </Form.Item>
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
                  loading={groups.isFetching}
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
      {isManager ? (
        <Form.Item name="isShared" label="共享给所有人" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
