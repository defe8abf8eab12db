import type { PointResponsibility } from '@eduqa/contract';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useResponsibilityPage } from '../api.ts';
import { DepartmentsSelect } from './departments-select.tsx';

const columns: TableColumnsType<PointResponsibility> = [
  { title: '质控点', dataIndex: 'pointName', ellipsis: true },
  {
    title: '所属指标',
    key: 'path',
    ellipsis: true,
    render: (_, p) => `${p.categoryName} / ${p.indicatorPath.join(' / ')}`,
  },
  {
    title: '负责部门',
    key: 'departments',
    render: (_, p) =>
      p.departments.length ? (
        <Space size={[0, 4]} wrap>
          {p.departments.map((d) => (
            <Tag key={d.id}>{d.name}</Tag>
          ))}
        </Space>
      ) : (
        <Tag color="orange">未分配</Tag>
      ),
  },
];

/** 按部门查询: the points a department answers for, or every point, searched by point or indicator name. */
export function QueryPanel() {
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<string>();
  const { list, page } = useResponsibilityPage({ keyword: keyword || undefined, departmentId });
  return (
    <PagedTable<PointResponsibility>
      search={{ placeholder: '请输入质控点或指标名称', onSearch: setKeyword }}
      filters={
        <div style={{ width: 220 }}>
          <DepartmentsSelect
            isMultiple={false}
            ariaLabel="部门"
            placeholder="全部部门"
            value={departmentId}
            onChange={(ids) => setDepartmentId(ids[0])}
          />
        </div>
      }
      rowKey="pointId"
      columns={columns}
      rows={list.data?.records ?? []}
      isLoading={list.isFetching}
      serverPage={page}
    />
  );
}
