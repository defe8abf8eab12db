import { ArrowLeftOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  AUDIT_STATE_LABELS,
  type AuditState,
  diagnosisEndpoints,
  type ObjectTaskWire,
  type QualityRowWire,
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
import { useSession } from '../../../shell/session/index.ts';
import { useDialog } from '../../system/components/use-dialog.ts';
import { useObjectTask, usePoints, useRefreshDiagnosis } from '../api.ts';
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

function AuditTag({ row }: { row: QualityRowWire }) {
  const tag = <Tag color={AUDIT_COLORS[row.shzt]}>{AUDIT_STATE_LABELS[row.shzt]}</Tag>;
  return row.shzt === 'refused' && row.shyj ? (
    <Tooltip title={`不通过原因：${row.shyj}`}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** The charger may submit drafts and refused points; an auditor decides on submitted ones. */
const canSubmit = (row: QualityRowWire) => row.isEdit && (row.shzt === 'draft' || row.shzt === 'refused');
const canDecide = (row: QualityRowWire) => row.shzt === 'submitted';

function ObjectFacts({ objectTask }: { objectTask: ObjectTaskWire }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        { key: 'rwmc', label: '当前任务', children: objectTask.rwmc },
        {
          key: 'gzdxmc',
          label: '诊断对象',
          children: `${objectTask.gzdxmc}（${levelLabel(objectTask.level)}）`,
        },
        { key: 'dept', label: '所属部门', children: objectTask.departmentName ?? '-' },
        { key: 'charger', label: '负责人', children: objectTask.chargerName ?? '-' },
        {
          key: 'sharers',
          label: '共享人',
          children: objectTask.sharePos.map((s) => s.gxrmc).join('、') || '-',
        },
        {
          key: 'counts',
          label: '统计',
          children: `质控点${objectTask.pointCount}个，未达标${objectTask.disCount}个，未完成${objectTask.unfinCount}个，未处理预警${objectTask.warnCount}条`,
        },
      ]}
    />
  );
}

/** The charger's work page of one object task: enter results, revise, submit; auditors decide. */
export function ObjectTaskPage() {
  const { dxrwid = '' } = useParams();
  const objectTask = useObjectTask(dxrwid);
  const points = usePoints(dxrwid);
  const { user } = useSession();
  const isAuditor = (user?.actions ?? []).includes('diagnosis.audit');
  const refresh = useRefreshDiagnosis();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<string | null>(null);
  const [sampling, setSampling] = useState<SamplingPoint | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [refusing, setRefusing] = useState(false);
  const revise = useDialog<QualityRowWire>();
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

  const saveResult = (row: QualityRowWire, jgz: string) => {
    void run(async () => {
      await call(diagnosisEndpoints.resultUpdate, { body: { zgzkdid: row.id, jgz }, json: true });
      return `已保存「${row.zkdmc}」的结果`;
    });
  };

  const toggleFocus = (row: QualityRowWire) =>
    run(async () => {
      await call(diagnosisEndpoints.focus, { body: { zgzkdid: row.id, focus: !row.focus }, json: true });
      return row.focus ? '已取消关注' : '已关注';
    });

  const extraColumns: TableColumnsType<QualityRowWire> = [
    { key: 'shzt', title: '审核状态', width: 100, render: (_, row) => <AuditTag row={row} /> },
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
              aria-label={`${row.focus ? '取消关注' : '关注'}：${row.zkdmc}`}
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

  const selectable = (row: QualityRowWire) => canSubmit(row) || (isAuditor && canDecide(row));

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
                ? navigate(`../../task/${objectTask.data.rwid}`, { relative: 'path' })
                : navigate('../..', { relative: 'path' })
            }
          />
          {objectTask.data ? `${objectTask.data.gzdxmc} - ${objectTask.data.rwmc}` : '对象任务'}
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
                    onSaveResult={isEdit ? saveResult : undefined}
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
                key: 'dis',
                label: '未达标质控点',
                children: (
                  <BelowStandardTable
                    scope={{ dxrwid }}
                    editable={isEdit}
                    onOpen={(row) => setDrawer(row.id)}
                    onSample={(row) => setSampling(row)}
                  />
                ),
              },
              {
                key: 'warn',
                label: '预警',
                children: <WarningTable scope={{ dxrwid }} canDispose={isEdit} onOpen={setDrawer} />,
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
