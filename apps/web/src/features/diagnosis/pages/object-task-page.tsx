import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ObjectAuthority, ObjectTask, QualityRow } from '@eduqa/contract';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportPoints, useObjectAuthority, useObjectTask, usePoints } from '../api.ts';
import { BelowStandardTable } from '../components/below-standard-table.tsx';
import { pointAuditToolbar } from '../components/point-audit-toolbar.tsx';
import { PointDrawer } from '../components/point-drawer.tsx';
import { pointWorkColumns } from '../components/point-work-columns.tsx';
import { QualityTable } from '../components/quality-table.tsx';
import { RefuseModal } from '../components/refuse-modal.tsx';
import { ReviseModal } from '../components/revise-modal.tsx';
import { SamplingDialog, type SamplingPoint } from '../components/sampling-dialog.tsx';
import { canDecide, canSubmit, type PointWork, usePointWork } from '../components/use-point-work.ts';
import { WarningTable } from '../components/warning-table.tsx';
import { ScorePanel } from '../score/score-panel.tsx';
import { canEnterResult, canRevise, levelLabel } from '../values.ts';

function ObjectFacts({ objectTask }: { objectTask: ObjectTask }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        { key: 'taskName', label: '当前任务', children: objectTask.taskName },
        {
          key: 'objectName',
          label: '诊断对象',
          children: `${objectTask.objectName}（${levelLabel(objectTask.level)}）`,
        },
        { key: 'dept', label: '所属部门', children: objectTask.departmentName ?? '-' },
        { key: 'charger', label: '负责人', children: objectTask.chargerName ?? '-' },
        {
          key: 'sharers',
          label: '共享人',
          children: objectTask.sharers.map((s) => s.name).join('、') || '-',
        },
        {
          key: 'counts',
          label: '统计',
          children: `质控点${objectTask.pointCount}个，未达标${objectTask.belowCount}个，未完成${objectTask.unfinishedCount}个，未处理预警${objectTask.openWarningCount}条`,
        },
      ]}
    />
  );
}

/**
 * The charger's work page of one object task: enter results, revise, submit; auditors decide.
 * `backTo` (relative to this page) is where 返回 leads; by default the object task's task.
 */
export function ObjectTaskPage({ backTo }: { backTo?: string } = {}) {
  const { objectTaskId = '' } = useParams();
  const objectTask = useObjectTask(objectTaskId);
  const authority = useObjectAuthority(objectTaskId);
  const points = usePoints(objectTaskId);
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<string | null>(null);
  const [sampling, setSampling] = useState<SamplingPoint | null>(null);
  const [refusing, setRefusing] = useState(false);
  const revise = useDialog<QualityRow>();
  const rows = points.data ?? [];
  const work = usePointWork(rows);

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回"
            onClick={() =>
              backTo || !objectTask.data
                ? navigate(backTo ?? '../..', { relative: 'path' })
                : navigate(`../../task/${objectTask.data.taskId}`, { relative: 'path' })
            }
          />
          {objectTask.data ? `${objectTask.data.objectName} - ${objectTask.data.taskName}` : '对象任务'}
        </Space>
      }
    >
      {objectTask.isLoading ? (
        <Skeleton active />
      ) : !objectTask.data ? (
        <Empty description="对象任务不存在或无权查看" />
      ) : (
        <ObjectTaskWork
          objectTaskId={objectTaskId}
          objectTask={objectTask.data}
          authority={authority.data}
          rows={rows}
          isLoading={points.isFetching}
          work={work}
          onOpen={setDrawer}
          onSample={setSampling}
          onRevise={revise.show}
          onRefuse={() => setRefusing(true)}
        />
      )}
      <PointDrawer pointId={drawer} onClose={() => setDrawer(null)} />
      <SamplingDialog point={sampling} onClose={() => setSampling(null)} />
      <ReviseModal open={revise.open} row={revise.target} onClose={revise.hide} />
      <RefuseModal
        open={refusing}
        ids={work.toDecide}
        onClose={() => setRefusing(false)}
        onDone={() => work.setSelected([])}
      />
    </Card>
  );
}

interface ObjectTaskWorkProps {
  objectTaskId: string;
  objectTask: ObjectTask;
  /** Until it answers, nothing is editable and no audit button shows. */
  authority: ObjectAuthority | undefined;
  rows: QualityRow[];
  isLoading: boolean;
  work: PointWork;
  onOpen: (pointId: string) => void;
  onSample: (row: SamplingPoint) => void;
  onRevise: (row: QualityRow) => void;
  onRefuse: () => void;
}

/** The object task's facts, the entry hint and the three tabs: points, below standard, warnings. */
function ObjectTaskWork({
  objectTaskId,
  objectTask,
  authority,
  rows,
  isLoading,
  work,
  onOpen,
  onSample,
  onRevise,
  onRefuse,
}: ObjectTaskWorkProps) {
  const isEdit = authority?.canEdit ?? false;
  const isAuditor = authority?.canAudit ?? false;
  const selectable = (row: QualityRow) => canSubmit(row) || (isAuditor && canDecide(row));
  const extraColumns = pointWorkColumns({ onRevise, onToggleFocus: (row) => void work.toggleFocus(row) });
  return (
    <>
      <ObjectFacts objectTask={objectTask} />
      <ScorePanel objectTaskId={objectTaskId} canCompute={authority?.canManage ?? false} />
      {rows.some((row) => canEnterResult(row) || canRevise(row)) ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="填报说明：在“本次结果”列直接填报（离开输入框或按回车保存）；修正目标值与结果值请点“修正”；填报完成后提交审核。"
        />
      ) : null}
      <Tabs
        items={[
          {
            key: 'points',
            label: `质控点（${rows.length}）`,
            children: (
              <QualityTable
                rows={rows}
                loading={isLoading}
                onOpen={(row) => onOpen(row.id)}
                onSample={(row) => onSample(row)}
                onSaveResult={isEdit ? work.enterResult : undefined}
                extraColumns={extraColumns}
                toolbar={
                  <>
                    {pointAuditToolbar({ work, isEdit, isAuditor, onRefuse })}
                    <ExportButton onExport={() => exportPoints(objectTaskId)} hint="导出全部质控点的结果" />
                  </>
                }
                rowSelection={
                  isEdit || isAuditor
                    ? {
                        selectedRowKeys: work.selected,
                        onChange: (keys) => work.setSelected(keys.map(String)),
                        getCheckboxProps: (row) => ({ disabled: !selectable(row) }),
                      }
                    : undefined
                }
              />
            ),
          },
          {
            key: 'below',
            label: '未达标质控点',
            children: (
              <BelowStandardTable
                scope={{ objectTaskId }}
                editable={isEdit}
                onOpen={(row) => onOpen(row.id)}
                onSample={(row) => onSample(row)}
              />
            ),
          },
          {
            key: 'warn',
            label: '预警',
            children: <WarningTable scope={{ objectTaskId }} canDispose={isEdit} onOpen={onOpen} />,
          },
        ]}
      />
    </>
  );
}
