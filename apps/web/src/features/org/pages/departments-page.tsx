import { Button, Space, type TableColumnsType } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteDepartment, useDepartments, useRefreshSystem } from '../api.ts';
import { DepartmentFormModal, type DepartmentTarget } from '../components/department-form-modal.tsx';
import { type DepartmentNode, filterDepartmentTree, parentIds } from '../department-tree.ts';

/**
 * 部门管理: the department tree (top-level departments paged, their subdepartments nested), searched
 * by name or short name in the browser since the whole tree is loaded anyway.
 */
export default function DepartmentsPage() {
  const { data, isFetching } = useDepartments();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const refresh = useRefreshSystem();
  const dialog = useDialog<DepartmentTarget>();

  const tree = useMemo(() => filterDepartmentTree(data?.tree ?? [], keyword), [data, keyword]);
  // Until the user folds something, every level is open (a search always shows its matches).
  const expandedKeys = keyword || expanded === null ? parentIds(tree) : expanded;

  const remove = async (department: DepartmentNode) => {
    try {
      await deleteDepartment(department.departmentId);
    } catch {
      return;
    }
    notify.success(`已删除部门「${department.departmentName}」`);
    await refresh();
  };

  const columns: TableColumnsType<DepartmentNode> = [
    { title: '部门名称', dataIndex: 'departmentName', ellipsis: true },
    { title: '中文简称', dataIndex: 'shortNameChinese', width: 140, render: (v: string | null) => v || '-' },
    { title: '英文简称', dataIndex: 'shortNameEnglish', width: 120, render: (v: string | null) => v || '-' },
    { title: '负责人', dataIndex: 'chargeUserName', width: 120, render: (v: string | null) => v || '-' },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, department) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => dialog.show({ department })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => dialog.show({ parentId: department.departmentId })}>
            新增下级
          </Button>
          <ConfirmLink
            title={`确定删除部门「${department.departmentName}」吗？`}
            description="有下级部门或用户的部门不能删除。"
            okText="删除"
            isDanger
            onConfirm={() => remove(department)}
          >
            删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];

  return (
    <PageCard title="部门管理" add={{ label: '新增部门', onClick: () => dialog.show({ parentId: null }) }}>
      <PagedTable<DepartmentNode>
        search={{ placeholder: '请输入部门名称或简称', width: 260, onSearch: setKeyword }}
        rowKey="departmentId"
        columns={columns}
        rows={tree}
        isLoading={isFetching}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
      <DepartmentFormModal open={dialog.open} target={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
