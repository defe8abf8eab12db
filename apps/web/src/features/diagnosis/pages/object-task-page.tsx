import { ArrowLeftOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  AUDIT_STATE_LABELS,
  type AuditState,
  diagnosisEndpoints,
  type ObjectTask,
  type QualityRow,
} from '@eduqa/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Skeleton,
  Space,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { saveResult, setFocus, useObjectTask, usePoints, useRefreshDiagnosis } from '../api.ts';
import { BelowStandardTable } from '../components/below-standard-table.tsx';
import { PointDrawer } from '../components/point-drawer.tsx';
import { QualityTable } from '../components/quality-table.tsx';
import { RefuseModal } from '../components/refuse-modal.tsx';
import { ReviseModal } from '../components/revise-modal.tsx';
import { SamplingDialog, type SamplingPoint } from '../components/sampling-dialog.tsx';
import { WarningTable } from '../components/warning-table.tsx';
import { canEnterResult, canRevise, levelLabel } from '../values.ts';

const AUDIT_COLORS: Record<AuditState, string> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'success',
  refused: 'error',
};

function AuditTag({ row }: { row: QualityRow }) {
  const tag = <Tag color={AUDIT_COLORS[row.auditState]}>{AUDIT_STATE_LABELS[row.auditState]}</Tag>;
  return row.auditState === 'refused' && row.auditReason ? (
    <Tooltip title={`不通过原因：${row.auditReason}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** The charger may submit drafts and refused points; an auditor decides on submitted ones. */
const canSubmit = (row: QualityRow) =>
  row.isEdit && (row.auditState === 'draft' || row.auditState === 'refused');
const canDecide = (row: QualityRow) => row.auditState === 'submitted';

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

/** The charger's work page of one object task: enter results, revise, submit; auditors decide. */
export function ObjectTaskPage() {
  const { objectTaskId = '' } = useParams();
  const objectTask = useObjectTask(objectTaskId);
  const points = usePoints(objectTaskId);
  const { user } = useSession();
  const isAuditor = (user?.actions ?? []).includes('diagnosis.audit');
  const refresh = useRefreshDiagnosis();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<string | null>(null);
  const [sampling, setSampling] = useState<SamplingPoint | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [refusing, setRefusing] = useState(false);
  const revise = useDialog<QualityRow>();
  const rows = points.data ?? [];
  const isEdit = objectTask.data?.isEdit ?? false;

  const chosen = rows.filter((r) => selected.includes(r.id));
  const toSubmit = (chosen.length ? chosen : rows).filter(canSubmit).map((r) => r.id);
  const toDecide = chosen.filter(canDecide).map((r) => r.id);

  const run = async (work: () => Promise<string>) => {
    try {
      notify.success(await work());
    } catch {
      return;
    }
    setSelected([]);
    await refresh();
  };

  const enterResult = (row: QualityRow, result: string) => {
    void run(async () => {
      await saveResult(row.id, { result });
      return `已保存「${row.name}」的结果`;
    });
  };

  const toggleFocus = (row: QualityRow) =>
    run(async () => {
      await setFocus(row.id, !row.focus, true);
      return row.focus ? '已取消关注' : '已关注';
    });

  const extraColumns: TableColumnsType<QualityRow> = [
    { key: 'auditState', title: '审核状态', width: 100, render: (_, row) => <AuditTag row={row} /> },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {canRevise(row) ? (
            <Button type="link" size="small" onClick={() => revise.show(row)}>
              修正
            </Button>
          ) : null}
          <Tooltip title={row.focus ? '取消关注' : '关注'}>
            <Button
              type="text"
              size="small"
              aria-label={`${row.focus ? '取消关注' : '关注'}：${row.name}`}
              aria-pressed={row.focus}
              icon={row.focus ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => void toggleFocus(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      {isEdit ? (
        <Popconfirm
          title={`确定提交${toSubmit.length}个质控点审核吗？`}
          description={selected.length ? undefined : '未选择时提交全部未提交或未通过的质控点。'}
          okText="提交"
          cancelText="取消"
          disabled={toSubmit.length === 0}
          onConfirm={() =>
            run(async () => {
              const { updated } = await call(diagnosisEndpoints.auditSubmit, {
                body: { ids: toSubmit },
                json: true,
              });
              return `已提交${updated}个质控点`;
            })
          }
        >
          <Button type="primary" disabled={toSubmit.length === 0}>
            {`提交审核（${toSubmit.length}）`}
          </Button>
        </Popconfirm>
      ) : null}
      {isAuditor ? (
        <>
          <Popconfirm
            title={`确定审核通过选中的${toDecide.length}个质控点吗？`}
            okText="通过"
            cancelText="取消"
            disabled={toDecide.length === 0}
            onConfirm={() =>
              run(async () => {
                const { updated } = await call(diagnosisEndpoints.auditPass, {
                  body: { ids: toDecide },
                  json: true,
                });
                return `已通过${updated}个质控点`;
              })
            }
          >
            <Button disabled={toDecide.length === 0}>审核通过</Button>
          </Popconfirm>
          <Button danger disabled={toDecide.length === 0} onClick={() => setRefusing(true)}>
            审核不通过
          </Button>
        </>
      ) : null}
    </>
  );

  const selectable = (row: QualityRow) => canSubmit(row) || (isAuditor && canDecide(row));

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
              objectTask.data
                ? navigate(`../../task/${objectTask.data.taskId}`, { relative: 'path' })
                : navigate('../..', { relative: 'path' })
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
        <>
          <ObjectFacts objectTask={objectTask.data} />
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
                    loading={points.isFetching}
                    onOpen={(row) => setDrawer(row.id)}
                    onSample={(row) => setSampling(row)}
                    onSaveResult={isEdit ? enterResult : undefined}
                    extraColumns={extraColumns}
                    toolbar={toolbar}
                    rowSelection={
                      isEdit || isAuditor
                        ? {
                            selectedRowKeys: selected,
                            onChange: (keys) => setSelected(keys.map(String)),
                            getCheckboxProps: (row) => ({ disabled: !selectable(row) }),
                            columnWidth: 40,
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
                    onOpen={(row) => setDrawer(row.id)}
                    onSample={(row) => setSampling(row)}
                  />
                ),
              },
              {
                key: 'warn',
                label: '预警',
                children: <WarningTable scope={{ objectTaskId }} canDispose={isEdit} onOpen={setDrawer} />,
              },
            ]}
          />
        </>
      )}
      <PointDrawer pointId={drawer} onClose={() => setDrawer(null)} />
      <SamplingDialog point={sampling} onClose={() => setSampling(null)} />
      <ReviseModal open={revise.open} row={revise.target} onClose={revise.hide} />
      <RefuseModal
        open={refusing}
        ids={toDecide}
        onClose={() => setRefusing(false)}
        onDone={() => setSelected([])}
      />
    </Card>
  );
}
