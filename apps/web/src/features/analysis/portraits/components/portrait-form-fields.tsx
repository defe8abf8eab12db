import {
  PORTRAIT_MEASURE_LABELS,
  PORTRAIT_MEASURES,
  type Portrait,
  type PortraitMeasure,
  portraitConfigError,
} from '@eduqa/contract';
import { Form, Select } from 'antd';

interface Option {
  value: string;
  label: string;
}

/** 上级菜单: a menu of the same subject, never the entry itself. */
export function ParentMenuItem({ menus, entry }: { menus: readonly Portrait[]; entry: Portrait | null }) {
  return (
    <Form.Item noStyle dependencies={['subject']}>
      {({ getFieldValue }) => (
        <Form.Item name="parentId" label="上级菜单">
          <Select
            allowClear
            placeholder="无"
            options={menus
              .filter((m) => m.subject === getFieldValue('subject') && m.id !== entry?.id)
              .map((m) => ({ value: m.id, label: m.name }))}
          />
        </Form.Item>
      )}
    </Form.Item>
  );
}

/** A card's 展示指标, and the 数据仓库表 its 数据仓库表记录数 counts. */
export function CardMeasureItems({
  tables,
  isLoadingTables,
  onTableSearch,
}: {
  tables: Option[];
  isLoadingTables: boolean;
  onTableSearch: (keyword: string) => void;
}) {
  return (
    <>
      <Form.Item
        name="measures"
        label="展示指标"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择卡片展示的指标' }]}
      >
        <Select
          mode="multiple"
          placeholder="请选择"
          options={PORTRAIT_MEASURES.map((m) => ({ value: m, label: PORTRAIT_MEASURE_LABELS[m] }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['measures']}>
        {({ getFieldValue }) =>
          (getFieldValue('measures') as PortraitMeasure[] | undefined)?.includes('warehouseCount') ? (
            <Form.Item
              name="warehouseTableId"
              label="数据仓库表"
              rules={[
                {
                  validator: async (_, value?: string) => {
                    const error = portraitConfigError('card', {
                      measures: ['warehouseCount'],
                      ...(value ? { warehouseTableId: value } : {}),
                    });
                    if (error) throw new Error(error);
                  },
                },
              ]}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: onTableSearch }}
                placeholder="输入表名称搜索"
                loading={isLoadingTables}
                options={tables}
              />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}
