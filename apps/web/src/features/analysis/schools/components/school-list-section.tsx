import { SearchOutlined } from '@ant-design/icons';
import type { PeerSchool } from '@eduqa/contract';
import { Empty, Input, Select, Spin, Typography } from 'antd';
import { SCHOOL_LIST_BOX } from '../school-selection.ts';
import { SchoolListTable, type SchoolListTableProps } from './school-list-table.tsx';

const ALL_PROVINCES = '';

interface SchoolListSectionProps extends Omit<SchoolListTableProps, 'schools' | 'withData'> {
  shown: readonly PeerSchool[];
  isLoading: boolean;
  typed: string;
  keywordMax: number;
  province: string | null;
  provinces: ReadonlyArray<{ value: string }>;
  onTypedChange: (typed: string) => void;
  onProvinceChange: (province: string | null) => void;
  withData?: { codes: ReadonlySet<string>; scope: string } | undefined;
}

/** (b) 高校列表: the directory searched by name and filtered by province, in antd's virtual table. */
export function SchoolListSection(props: SchoolListSectionProps) {
  const { shown, isLoading, typed, keywordMax, province, provinces, onTypedChange, onProvinceChange } = props;
  const { selectedCodes, isDisabled, onToggle, withData } = props;
  const dataCount = withData ? shown.filter((s) => withData.codes.has(s.code)).length : 0;
  return (
    <section aria-label="高校列表" style={{ width: SCHOOL_LIST_BOX.width, flex: 'none' }}>
      <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="请输入学校名称"
          aria-label="学校名称"
          maxLength={keywordMax}
          value={typed}
          onChange={(event) => onTypedChange(event.target.value)}
        />
        <Select<string>
          style={{ width: 150, flex: 'none' }}
          aria-label="所在省份"
          value={province ?? ALL_PROVINCES}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(next) => onProvinceChange(next || null)}
          options={[
            { value: ALL_PROVINCES, label: '全部' },
            ...provinces.map((p) => ({ value: p.value, label: p.value })),
          ]}
        />
      </div>
      {isLoading ? (
        <div style={{ height: SCHOOL_LIST_BOX.height, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : shown.length === 0 ? (
        <div style={{ height: SCHOOL_LIST_BOX.height, display: 'grid', placeItems: 'center' }}>
          <Empty description="没有符合条件的学校" />
        </div>
      ) : (
        <SchoolListTable
          schools={shown}
          withData={withData?.codes}
          selectedCodes={selectedCodes}
          isDisabled={isDisabled}
          onToggle={onToggle}
        />
      )}
      <Typography.Text type="secondary" data-testid="school-count">
        共 {shown.length} 所{withData ? `，其中有数据 ${dataCount} 所（${withData.scope}）` : ''}
      </Typography.Text>
    </section>
  );
}
