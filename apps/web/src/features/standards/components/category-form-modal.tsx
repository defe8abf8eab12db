import {
  CATEGORY_ICON_LABELS,
  CATEGORY_ICONS,
  CATEGORY_TABLE_NAMES,
  type CategoryIcon as IconKey,
  type IndicatorCategory,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Radio, Select, Tooltip } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveCategory, useRefreshStandards } from '../api.ts';
import { CATEGORY_ICON_COMPONENTS } from './category-icon.tsx';

interface CategoryValues {
  name: string;
  icon: IconKey;
  level: ObjectLevel;
  tableName?: string;
  sort?: number | null;
}

/** The 21 icons as a grid of buttons, each with its Chinese name on hover. */
function IconPicker({ value, onChange }: { value?: IconKey; onChange?: (value: IconKey) => void }) {
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange?.(event.target.value as IconKey)}
      optionType="button"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
    >
      {CATEGORY_ICONS.map((icon) => {
        const Icon = CATEGORY_ICON_COMPONENTS[icon];
        return (
          <Tooltip key={icon} title={CATEGORY_ICON_LABELS[icon]}>
            <Radio.Button
              value={icon}
              aria-label={CATEGORY_ICON_LABELS[icon]}
              style={{ width: 40, textAlign: 'center' }}
            >
              <Icon />
            </Radio.Button>
          </Tooltip>
        );
      })}
    </Radio.Group>
  );
}

/** 新增/编辑指标分类. The table name defaults to the spec's mapping by name (spec 1 §9). */
export function CategoryFormModal({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  category: IndicatorCategory | null;
  onClose: () => void;
  onSaved?: (category: IndicatorCategory) => void;
}) {
  const refresh = useRefreshStandards();

  const save = async (values: CategoryValues) => {
    const body = {
      name: values.name.trim(),
      icon: values.icon,
      level: values.level,
      tableName: values.tableName?.trim() ?? '',
      ...(values.sort === null || values.sort === undefined ? {} : { sort: values.sort }),
    };
    const saved = await saveCategory(body, category?.id);
    notify.success(category ? '指标分类已保存' : '指标分类已新增');
    onSaved?.(saved);
    void refresh();
  };

  return (
    <FormModal<CategoryValues>
      title={category ? '编辑指标分类' : '新增指标分类'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="categoryForm"
      initialValues={
        category
          ? {
              name: category.name,
              icon: category.icon,
              level: category.level,
              tableName: category.tableName ?? '',
              sort: category.sort,
            }
          : { icon: 'school', level: 'school' }
      }
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="name"
        label="分类名称"
        rules={[
          { required: true, whitespace: true, message: '请输入分类名称' },
          { max: TEXT_LIMITS.default, message: `分类名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
      >
        <Input placeholder="请输入分类名称" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="icon" label="图标" rules={[{ required: true, message: '请选择图标' }]}>
        <IconPicker />
      </Form.Item>
      <Form.Item name="level" label="层级" rules={[{ required: true, message: '请选择层级' }]}>
        <Select options={OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['name']}>
        {(form) => (
          <Form.Item
            name="tableName"
            label="数据表名称"
            extra="留空时按分类名称取默认表名"
            rules={[
              { max: TEXT_LIMITS.default, message: `数据表名称最多只能输入${TEXT_LIMITS.default}个字符` },
            ]}
          >
            <Input
              placeholder={
                CATEGORY_TABLE_NAMES[String(form.getFieldValue('name') ?? '').trim()] ?? '请输入数据表名称'
              }
              maxLength={TEXT_LIMITS.default}
            />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} placeholder="留空排在最后" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
