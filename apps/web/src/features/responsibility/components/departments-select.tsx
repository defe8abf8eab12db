import { Select } from 'antd';
import { useDepartments } from '../../org/index.ts';

/** Several departments of the school, searched by name (short names too). */
export function DepartmentsSelect({
  value,
  onChange,
  placeholder = '请选择负责部门',
  ariaLabel,
  isMultiple = true,
}: {
  value: readonly string[] | string | undefined;
  onChange: (value: string[]) => void;
  placeholder?: string;
  ariaLabel?: string;
  isMultiple?: boolean;
}) {
  const departments = useDepartments();
  const options = (departments.data?.rows ?? []).map((d) => ({
    value: d.departmentId,
    label: d.departmentName,
  }));
  return (
    <Select
      mode={isMultiple ? 'multiple' : undefined}
      aria-label={ariaLabel}
      value={typeof value === 'string' ? value : value ? [...value] : undefined}
      onChange={(next?: string | string[]) =>
        onChange(next === undefined ? [] : Array.isArray(next) ? next : [next])
      }
      placeholder={placeholder}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={departments.isLoading}
      notFoundContent="暂无数据"
      options={options}
      style={{ width: '100%' }}
    />
  );
}
