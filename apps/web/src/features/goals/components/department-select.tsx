import { Select } from 'antd';
import { useDepartments } from '../../org/index.ts';

interface DepartmentSelectProps {
  id?: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  /** Left out of the choices (the responsible department among collaborators). */
  exclude?: string | undefined;
}

/** One department (or several) of the school, searched by name. */
export function DepartmentSelect({
  id,
  value,
  onChange,
  multiple = false,
  placeholder = '请选择部门',
  exclude,
}: DepartmentSelectProps) {
  const departments = useDepartments();
  const options = (departments.data?.rows ?? [])
    .filter((d) => d.departmentId !== exclude)
    .map((d) => ({ value: d.departmentId, label: d.departmentName }));
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(next?: string | string[]) => onChange?.(next)}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={departments.isLoading}
      notFoundContent="暂无数据"
      options={options}
    />
  );
}
