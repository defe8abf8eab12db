import { DownloadOutlined } from '@ant-design/icons';
import { type NodeSituation, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Descriptions, Result, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { exportSituation, usePerformSituation } from '../../api.ts';
import { NodeStateTag, WarningTag } from '../goal-tags.tsx';

const COLUMNS: TableColumnsType<NodeSituation> = [
  { key: 'name', title: '节点', dataIndex: 'name', width: 140 },
  { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 90 },
  {
    key: 'state',
    title: '状态',
    width: 150,
    render: (_, n) => (
      <Space size={4} wrap>
        <NodeStateTag state={n.state} />
        {n.warningType ? <WarningTag type={n.warningType} /> : null}
      </Space>
    ),
  },
  { key: 'reports', title: '上报', dataIndex: 'reportCount', width: 64 },
  { key: 'passed', title: '通过', dataIndex: 'passedCount', width: 64 },
  { key: 'reviewing', title: '待审核', dataIndex: 'reviewingCount', width: 72 },
  { key: 'rejected', title: '驳回', dataIndex: 'rejectedCount', width: 64 },
  {
    key: 'completion',
    title: '完成度',
    width: 80,
    render: (_, n) => (n.completion === null ? '—' : `${n.completion}%`),
  },
  { key: 'final', title: '最终成果', width: 90, render: (_, n) => (n.isFinalPassed ? '已通过' : '未通过') },
  {
    key: 'delays',
    title: '延期（批准/申请）',
    width: 130,
    render: (_, n) => `${n.delayPassedCount}/${n.delayCount}`,
  },
];

/** 完成情况: how each node is carried out and assessed, with the totals and the Excel export. */
export function SituationTable({ task }: { task: { id: string; name: string } }) {
  const situation = usePerformSituation(task.id);
  const [isExporting, setExporting] = useState(false);
  if (situation.isError) return <Result status="error" title="完成情况加载失败" />;
  if (!situation.data) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  const { totals, nodes } = situation.data;
  const onExport = async () => {
    setExporting(true);
    try {
      await exportSituation(task);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} align="start">
        <Descriptions
          size="small"
          column={{ xs: 2, md: 3 }}
          items={[
            { key: 'nodes', label: '节点', children: `${totals.doneNodeCount}/${totals.nodeCount} 已完成` },
            { key: 'final', label: '最终成果已通过', children: totals.finalPassedCount },
            { key: 'reviewing', label: '待审核进度', children: totals.reviewingCount },
            { key: 'warning', label: '有预警的节点', children: totals.warningCount },
            { key: 'delay', label: '延期申请', children: totals.delayCount },
          ]}
        />
        <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void onExport()}>
          导出完成情况
        </Button>
      </Space>
      <Table<NodeSituation>
        rowKey="nodeId"
        size="small"
        columns={COLUMNS}
        dataSource={nodes}
        pagination={false}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        scroll={{ x: 900 }}
      />
    </>
  );
}
