import { CARD_KIND_LABELS, CARD_KINDS, type DashboardCard, TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, Select, Switch } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { type CardInput, useCardAlgorithmGroups } from '../api.ts';
import { CardFeedItem, CardSourceItem } from './card-editor-fields.tsx';

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
      <CardSourceItem isManager={isManager} />
      <CardFeedItem groupOptions={groupOptions} isLoadingGroups={groups.isFetching} />
      {isManager ? (
        <Form.Item name="isShared" label="共享给所有人" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
