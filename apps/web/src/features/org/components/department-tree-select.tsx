import { TreeSelect } from 'antd';
import { useDepartments } from '../api.ts';
import { departmentOptions } from '../department-tree.ts';

interface DepartmentTreeSelectProps {
  value?: string | undefined;
  onChange?: (departmentId: string | undefined) => void;
  width?: number;
}

/** A list filter's department, picked from the tree and searched by name; empty means all. */
export function DepartmentTreeSelect({ value, onChange, width = 200 }: DepartmentTreeSelectProps) {
  const departments = useDepartments();
  return (
    <TreeSelect
      aria-label="部门"
      placeholder="全部部门"
      allowClear
      style={{ width }}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={departments.isLoading}
      treeData={departmentOptions(departments.data?.tree ?? [])}
      value={value}
      onChange={(next?: string) => onChange?.(next)}
    />
  );
}
