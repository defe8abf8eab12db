import { TEXT_LIMITS } from '@eduqa/contract';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { saveDepartment, useDepartments, useRefreshSystem } from '../api.ts';
import { type DepartmentRow, departmentOptions, selfAndDescendants } from '../department-tree.ts';
import { PersonSelect } from './person-select.tsx';

interface DepartmentValues {
  departmentName: string;
  parentId?: string | null;
  chargeUserId?: string | null;
  shortNameChinese?: string;
  shortNameEnglish?: string;
  sort?: number | null;
}

/** What the dialog opens on: an existing department, or a new one (possibly under a given parent). */
export type DepartmentTarget = { department: DepartmentRow } | { parentId: string | null };

const maxText = (label: string, max: number) => ({ max, message: `${label}最多只能输入${max}个字符` });

/** 新增/编辑部门. A department cannot move under itself or below it: those parents are disabled. */
export function DepartmentFormModal({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: DepartmentTarget | null;
  onClose: () => void;
}) {
  const refresh = useRefreshSystem();
  const departments = useDepartments();
  const department = target && 'department' in target ? target.department : null;

  const parentChoices = useMemo(() => {
    const blocked = department
      ? selfAndDescendants(departments.data?.rows ?? [], department.departmentId)
      : new Set<string>();
    return departmentOptions(departments.data?.tree ?? [], blocked);
  }, [departments.data, department]);

  const initialValues: DepartmentValues = department
    ? {
        departmentName: department.departmentName,
        parentId: department.parentId,
        chargeUserId: department.chargeUserId,
        shortNameChinese: department.shortNameChinese ?? '',
        shortNameEnglish: department.shortNameEnglish ?? '',
        sort: department.sort,
      }
    : { departmentName: '', parentId: target && 'parentId' in target ? target.parentId : null, sort: 0 };

  const save = async (values: DepartmentValues) => {
    // Every field is sent: an empty one clears the stored value.
    const body = {
      departmentName: values.departmentName.trim(),
      parentId: values.parentId ?? '',
      chargeUserId: values.chargeUserId ?? '',
      shortNameChinese: values.shortNameChinese?.trim() ?? '',
      shortNameEnglish: values.shortNameEnglish?.trim() ?? '',
      sort: values.sort ?? 0,
    };
    await saveDepartment(body, department?.departmentId);
    notify.success(department ? '部门已保存' : '部门已新增');
    void refresh();
  };

  return (
    <FormModal<DepartmentValues>
      title={department ? '编辑部门' : '新增部门'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="departmentForm"
      initialValues={initialValues}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 18 }}
    >
      <Form.Item
        name="departmentName"
        label="部门名称"
        required
        rules={[
          { required: true, whitespace: true, message: '请输入部门名称' },
          maxText('部门名称', TEXT_LIMITS.default),
        ]}
      >
        <Input placeholder="请输入部门名称" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="parentId" label="上级部门" extra="不选择则为顶级部门">
        <TreeSelect
          placeholder="请选择上级部门"
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={departments.isLoading}
          treeData={parentChoices}
        />
      </Form.Item>
      <Form.Item name="chargeUserId" label="负责人" extra="负责人自动获得目标任务部门负责人角色">
        <PersonSelect
          current={
            department?.chargeUserId
              ? {
                  value: department.chargeUserId,
                  label: department.chargeUserName ?? department.chargeUserId,
                }
              : null
          }
        />
      </Form.Item>
      <Form.Item name="shortNameChinese" label="中文简称" rules={[maxText('中文简称', TEXT_LIMITS.small)]}>
        <Input placeholder="请输入中文简称" maxLength={TEXT_LIMITS.small} />
      </Form.Item>
      <Form.Item name="shortNameEnglish" label="英文简称" rules={[maxText('英文简称', TEXT_LIMITS.small)]}>
        <Input placeholder="请输入英文简称" maxLength={TEXT_LIMITS.small} />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字越小越靠前">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} placeholder="请输入排序" />
      </Form.Item>
    </FormModal>
  );
}
