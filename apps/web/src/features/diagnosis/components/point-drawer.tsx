import { PaperClipOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  DIAGNOSIS_TEXT_LABELS,
  type QualityRow,
  type Sample,
  TABLE_EMPTY_TEXT,
  type WarningRecord,
} from '@eduqa/contract';
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Form,
  List,
  Modal,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { RecentChanges, useCanReadAudit } from '../../audit/index.ts';
import { DetailRows, WhyPanel } from '../../computed/index.ts';
import {
  saveDiagnosisText,
  setFocus,
  usePoint,
  useRefreshDiagnosis,
  useSamples,
  useTask,
  useWarnList,
} from '../api.ts';
import { detailOption, isChartDisplay, warningTrendOption } from '../charts/chart-options.ts';
import {
  diagnosisResultText,
  displayValue,
  fileStageOf,
  gradeText,
  type RowFlag,
  resultText,
  rowFlag,
  sampleSourceText,
  targetText,
  warningCycleText,
  warningRuleText,
} from '../values.ts';
import { PointAttachmentDialog } from './attachments-slot.tsx';
import { DiagnosisTextItem } from './diagnosis-text.tsx';
import { DisposeModal } from './dispose-modal.tsx';
import './quality-table.css';

/** Spec 2 §2.5: the detail drawer is 55% wide, from the right. */
export const DRAWER_WIDTH = '55%';

const RESULT_TAG_COLORS: Record<RowFlag, string> = { unfinished: 'orange', below: 'red' };

function ResultTag({ point }: { point: QualityRow }) {
  const flag = rowFlag(point);
  return <Tag color={flag ? RESULT_TAG_COLORS[flag] : 'green'}>{diagnosisResultText(point)}</Tag>;
}

function Facts({ point }: { point: QualityRow }) {
  const sharers = point.sharers.map((s) => s.name).join('、');
  return (
    <Descriptions
      size="small"
      bordered
      // One pair per line on a phone: four columns there leave 诊断标准 a character wide.
      column={{ xs: 1, sm: 2 }}
      styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
      items={[
        { key: 'name', label: '质控点名称', children: point.name, span: 'filled' },
        { key: 'result', label: '诊断结果', children: <ResultTag point={point} /> },
        { key: 'grade', label: '达成等级', children: gradeText(point.grade) },
        { key: 'taskName', label: '当前任务', children: point.taskName },
        { key: 'sharers', label: '共享人', children: sharers || '-' },
        { key: 'objectName', label: '诊断对象', children: point.objectName },
        { key: 'diagnosticStandard', label: '诊断标准', children: point.diagnosticStandard || '-' },
        { key: 'target', label: '目标值', children: targetText(point) },
        { key: 'current', label: '当前值', children: resultText(point) },
        { key: 'warning', label: '预警值或等级', children: warningRuleText(point) },
        { key: 'cycle', label: '预警周期', children: warningCycleText(point) },
      ]}
    />
  );
}

interface TextValues {
  cause: string;
  measure: string;
}

/** 原因分析 and 改进措施: editable (required, 500 limit, n/500) only for the charger. */
function CauseMeasureSection({ point }: { point: QualityRow }) {
  const [form] = Form.useForm<TextValues>();
  const [isSaving, setSaving] = useState(false);
  const refresh = useRefreshDiagnosis();
  useEffect(() => {
    form.setFieldsValue({ cause: point.cause, measure: point.measure });
  }, [form, point.cause, point.measure]);

  const save = async () => {
    let values: TextValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveDiagnosisText(point.id, { cause: values.cause.trim(), measure: values.measure.trim() });
      notify.success('保存成功');
      await refresh();
    } catch {
      // The client has shown meta.message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<TextValues>
      form={form}
      layout="vertical"
      disabled={!point.isEdit || isSaving}
      initialValues={{ cause: point.cause, measure: point.measure }}
    >
      <DiagnosisTextItem name="cause" label={DIAGNOSIS_TEXT_LABELS.cause} disabled={!point.isEdit} />
      <DiagnosisTextItem name="measure" label={DIAGNOSIS_TEXT_LABELS.measure} disabled={!point.isEdit} />
      {point.isEdit ? (
        <Button type="primary" loading={isSaving} onClick={() => void save()}>
          保存
        </Button>
      ) : null}
    </Form>
  );
}

const sampleColumns: TableColumnsType<Sample> = [
  { title: '采样时间', dataIndex: 'sampledAt', width: 200 },
  { title: '采集值', dataIndex: 'value', render: (_, s) => displayValue(s.dataType, s.value) },
  { title: '来源', key: 'source', width: 160, render: (_, s) => sampleSourceText(s) },
];

/** 明细数据 by the data source's display type: table, histogram, line, pie or file list. */
function DetailData({ point }: { point: QualityRow }) {
  const display = point.displayMode;
  const samples = useSamples({ pointId: point.id }, display !== 'file');
  const rows = samples.data ?? [];
  const option = useMemo(
    () => (isChartDisplay(display) ? detailOption(display, samples.data ?? []) : null),
    [display, samples.data],
  );
  if (display === 'file') {
    return point.files.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
    ) : (
      <List
        size="small"
        dataSource={point.files}
        renderItem={(file) => (
          <List.Item>
            <a href={file.url} target="_blank" rel="noreferrer">
              {file.fileName}
            </a>
          </List.Item>
        )}
      />
    );
  }
  if (samples.isLoading) return <Skeleton active />;
  if (isChartDisplay(display)) return <LazyChart option={option} height={300} />;
  return (
    <Table<Sample>
      rowKey="id"
      size="small"
      columns={sampleColumns}
      dataSource={[...rows].sort((a, b) => b.sampledAt.localeCompare(a.sampledAt))}
      pagination={PAGINATION_WITH_WORDS}
      locale={{ emptyText: TABLE_EMPTY_TEXT }}
    />
  );
}

/** 预警历史: a handled row offers 查看处理详情 on hover; the charger handles a pending one. */
function WarningHistory({
  point,
  records,
  loading,
}: {
  point: QualityRow;
  records: readonly WarningRecord[];
  loading: boolean;
}) {
  const details = useDialog<WarningRecord>();
  const dispose = useDialog<WarningRecord>();
  const levelMode = point.warningRule?.mode === 'level';
  const show = (raw: string) => (levelMode ? raw || '-' : displayValue(point.dataType, raw));
  const columns: TableColumnsType<WarningRecord> = [
    { key: 'warnedAt', title: '预警时间', dataIndex: 'warnedAt', width: 170 },
    { key: 'warningValue', title: '预警值或等级', width: 120, render: (_, r) => show(r.warningValue) },
    { key: 'monitoredValue', title: '监测值或等级', width: 120, render: (_, r) => show(r.monitoredValue) },
    {
      key: 'handledAt',
      title: '处理时间',
      width: 170,
      render: (_, r) => r.handledAt ?? <Tag color="red">未处理</Tag>,
    },
    {
      key: 'actions',
      title: '',
      width: 120,
      render: (_, r) =>
        r.handledAt ? (
          <Button type="link" size="small" className="dq-hover-action" onClick={() => details.show(r)}>
            查看处理详情
          </Button>
        ) : point.isEdit ? (
          <Button type="link" size="small" onClick={() => dispose.show(r)}>
            处理
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Table<WarningRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...records].sort((a, b) => b.warnedAt.localeCompare(a.warnedAt))}
        loading={loading}
        pagination={PAGINATION_WITH_WORDS}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
      />
      <Modal title="处理详情" open={details.open} onCancel={details.hide} footer={null} width={508}>
        <Descriptions
          size="small"
          bordered
          column={1}
          styles={{ label: { width: 100, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'cause', label: DIAGNOSIS_TEXT_LABELS.cause, children: details.target?.cause || '-' },
            {
              key: 'measure',
              label: DIAGNOSIS_TEXT_LABELS.measure,
              children: details.target?.measure || '-',
            },
            { key: 'handlerName', label: '处理人', children: details.target?.handlerName || '-' },
            { key: 'handledAt', label: '处理时间', children: details.target?.handledAt || '-' },
          ]}
        />
      </Modal>
      <DisposeModal
        open={dispose.open}
        warningId={dispose.target?.id ?? null}
        title={`处理预警 - ${point.name}`}
        onClose={dispose.hide}
      />
    </>
  );
}

function WarningTrend({ point, records }: { point: QualityRow; records: readonly WarningRecord[] }) {
  const levelMode = point.warningRule?.mode === 'level';
  const option = useMemo(() => warningTrendOption(records, levelMode), [records, levelMode]);
  return <LazyChart option={option} height={320} />;
}

function FocusButton({ point }: { point: QualityRow }) {
  const refresh = useRefreshDiagnosis();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await setFocus(point.id, !point.focus);
      notify.success(point.focus ? '已取消关注' : '已关注');
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={point.focus ? '取消关注' : '关注'}>
      <Button
        type="text"
        loading={busy}
        aria-pressed={point.focus}
        icon={point.focus ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
      >
        {point.focus ? '已关注' : '关注'}
      </Button>
    </Tooltip>
  );
}

/** The drawer's tabs; 最近修改 only for those who may read the operation log. */
function PointTabs(props: { point: QualityRow; records: readonly WarningRecord[]; loading: boolean }) {
  const { point, records, loading } = props;
  const canReadAudit = useCanReadAudit();
  return (
    <Tabs
      style={{ marginTop: 16 }}
      items={[
        { key: 'detail', label: '明细数据', children: <DetailData point={point} /> },
        {
          key: 'history',
          label: '预警历史',
          children: <WarningHistory point={point} records={records} loading={loading} />,
        },
        { key: 'trend', label: '预警趋势', children: <WarningTrend point={point} records={records} /> },
        // Computed points: the detail algorithm's rows and where the value came from (issue 12).
        ...(point.collectionMethod === 'report'
          ? []
          : [
              { key: 'rows', label: '详细数据', children: <DetailRows pointId={point.id} /> },
              { key: 'why', label: '为什么是这个值', children: <WhyPanel pointId={point.id} /> },
            ]),
        ...(canReadAudit
          ? [
              {
                key: 'changes',
                label: '最近修改',
                children: (
                  <RecentChanges objectId={point.id} objectName={`${point.objectName} · ${point.name}`} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function DrawerBody({ point }: { point: QualityRow }) {
  const [filesOpen, setFilesOpen] = useState(false);
  const refresh = useRefreshDiagnosis();
  const task = useTask(point.taskId);
  const warnings = useWarnList(point.id);
  const records = warnings.data ?? point.warnings;
  return (
    <>
      <Facts point={point} />
      <Divider titlePlacement="start">原因分析与改进措施</Divider>
      <CauseMeasureSection point={point} />
      <Divider titlePlacement="start">支撑附件</Divider>
      <Space>
        <Button icon={<PaperClipOutlined />} onClick={() => setFilesOpen(true)}>
          {`支撑附件（${point.files.length}）`}
        </Button>
      </Space>
      <PointAttachmentDialog
        open={filesOpen}
        point={point}
        editable={point.isEdit}
        stage={fileStageOf(point, task.data?.state === 'finished')}
        onClose={() => setFilesOpen(false)}
        onSaved={() => void refresh()}
      />
      <PointTabs point={point} records={records} loading={warnings.isLoading} />
    </>
  );
}

/** 质控点详情 (spec 2 §2.5), opened by a point's id from any table. */
export function PointDrawer({ pointId, onClose }: { pointId: string | null; onClose: () => void }) {
  const point = usePoint(pointId);
  const data = pointId ? point.data : undefined;
  return (
    <Drawer
      title={data?.name ?? '质控点详情'}
      placement="right"
      size={DRAWER_WIDTH}
      open={pointId !== null}
      onClose={onClose}
      closable
      destroyOnHidden
      extra={data ? <FocusButton point={data} /> : null}
    >
      {data ? (
        <DrawerBody key={data.id} point={data} />
      ) : point.isError ? (
        <Empty description="质控点加载失败" />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
