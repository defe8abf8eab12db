import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Card, Input, Progress, Result, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type DepartmentSummaryRow, useDepartManage } from '../api.ts';
import { UrgeModal } from '../components/urge-modal.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { percent } from '../goal-labels.ts';
import { useGoalUser } from '../use-goal-user.ts';

/** 部门概览: per department its tasks, completion, collaborations, warnings and pending urges (departManage). */
export function DepartmentsPage() {
  const { isPublisher } = useGoalUser();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const summary = useDepartManage(yearTargetId ? { yearTargetId } : {});
  const urge = useDialog<DepartmentSummaryRow>();

  const columns: TableColumnsType<DepartmentSummaryRow> = [
    { key: 'department', title: '部门', dataIndex: 'departmentName', width: 160 },
    {
      key: 'head',
      title: '负责人',
      dataIndex: 'headName',
      width: 100,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'tasks', title: '负责任务', dataIndex: 'taskCount', width: 90, align: 'right' },
    { key: 'done', title: '已完成', dataIndex: 'doneCount', width: 80, align: 'right' },
    {
      key: 'rate',
      title: '完成率',
      width: 180,
      render: (_, d) => (
        <Progress percent={d.taskCount === 0 ? 0 : percent((d.doneCount / d.taskCount) * 100)} size="small" />
      ),
    },
    { key: 'collaboration', title: '协同任务', dataIndex: 'collaborationCount', width: 90, align: 'right' },
    {
      key: 'warnings',
      title: '预警',
      width: 200,
      render: (_, d) => (
        <Space size={4}>
          {d.expiredWarningCount > 0 ? <Tag color="red">逾期预警 {d.expiredWarningCount}</Tag> : null}
          {d.processWarningCount > 0 ? <Tag color="orange">过程预警 {d.processWarningCount}</Tag> : null}
          {d.expiredWarningCount + d.processWarningCount === 0 ? '—' : null}
        </Space>
      ),
    },
    { key: 'urges', title: '待处理督办', dataIndex: 'pendingUrgeCount', width: 100, align: 'right' },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_, d) =>
        isPublisher ? (
          <Button type="link" size="small" onClick={() => urge.show(d)}>
            督办
          </Button>
        ) : null,
    },
  ];

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
