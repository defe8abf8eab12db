import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Card, Input, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type DepartmentSummaryRow, useDepartManage } from '../api.ts';
import { departmentColumns } from '../components/department-columns.tsx';
import { UrgeModal } from '../components/urge-modal.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { useGoalUser } from '../use-goal-user.ts';

/** 部门概览: per department its tasks, completion, collaborations, warnings and pending urges (departManage). */
export function DepartmentsPage() {
  const { isPublisher } = useGoalUser();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const summary = useDepartManage(yearTargetId ? { yearTargetId } : {});
  const urge = useDialog<DepartmentSummaryRow>();

  const columns = departmentColumns(isPublisher, urge.show);

  return (
    <Card title="部门概览" variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="请输入部门名称"
          allowClear
          maxLength={60}
          style={{ width: 220 }}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <YearTargetSelect value={yearTargetId} onChange={setYearTargetId} />
      </Space>
      {summary.isError ? (
        <Result status="error" title="加载失败" subTitle={summary.error.message} />
      ) : (
        <Table<DepartmentSummaryRow>
          rowKey="departmentId"
          size="middle"
          columns={columns}
          dataSource={(summary.data ?? []).filter((d) => !keyword || d.departmentName.includes(keyword))}
          loading={summary.isLoading || summary.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={PAGINATION}
        />
      )}
      <UrgeModal
        open={urge.open}
        yearTarget={null}
        yearTargetId={yearTargetId}
        departmentId={urge.target?.departmentId}
        onClose={urge.hide}
      />
    </Card>
  );
}
