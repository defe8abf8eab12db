import { PaperClipOutlined } from '@ant-design/icons';
import { DIAGNOSIS_TEXT_LABELS, type QualityRow, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Descriptions, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { saveDiagnosisText, useDisqualified, useRefreshDiagnosis } from '../api.ts';
import { displayValue, gradeText, resultText, targetText } from '../values.ts';
import { PointAttachmentDialog } from './attachments-slot.tsx';
import { CauseMeasureModal } from './cause-measure-modal.tsx';
import { LongText, PointLink, SamplingIcon } from './quality-table.tsx';

/** A row expanded: its cause analysis and improvement measure. */
function CauseMeasure({ row }: { row: QualityRow }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      styles={{ label: { width: 120 } }}
      items={[
        { key: 'cause', label: DIAGNOSIS_TEXT_LABELS.cause, children: row.cause || '暂无' },
        { key: 'measure', label: DIAGNOSIS_TEXT_LABELS.measure, children: row.measure || '暂无' },
      ]}
    />
  );
}

/**
 * 未达标质控点 (spec 2 §2.2): read-only or editable (the charger's rows get 编辑, a dialog for cause
 * and measure), paged on the server, rows expanding to cause and measure.
 */
export function BelowStandardTable({
  scope,
  editable,
  onOpen,
  onSample,
}: {
  scope: { objectTaskId: string } | { taskId: string };
  editable: boolean;
  onOpen: (row: QualityRow) => void;
  onSample: (row: QualityRow) => void;
}) {
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useDisqualified({ ...scope, ...(keyword ? { keyword } : {}), pageNum, pageSize: PAGE_SIZE });
  const refresh = useRefreshDiagnosis();
  const edit = useDialog<QualityRow>();
  const files = useDialog<QualityRow>();

  const save = async (row: QualityRow, cause: string, measure: string) => {
    await saveDiagnosisText(row.id, { cause, measure });
    notify.success('保存成功');
    await refresh();
  };

  const columns: TableColumnsType<QualityRow> = [
    {
      key: 'name',
      title: '质控点名称',
      width: 160,
      render: (_, row) => <PointLink row={row} onOpen={onOpen} />,
    },
    {
      key: 'connotation',
      title: '内涵',
      width: 180,
      render: (_, row) => <LongText text={row.connotation} />,
    },
    {
      key: 'diagnosticStandard',
      title: '诊断标准',
      width: 180,
      render: (_, row) => <LongText text={row.diagnosticStandard} />,
    },
    {
      key: 'standardValue',
      title: '标准值',
      width: 80,
      render: (_, row) => displayValue(row.dataType, row.standardValue),
    },
    { key: 'target', title: '目标值', width: 80, render: (_, row) => targetText(row) },
    { key: 'result', title: '本次结果', width: 80, render: (_, row) => resultText(row) },
    { key: 'grade', title: '本次等级', width: 80, render: (_, row) => gradeText(row.grade) },
    {
      key: 'previousResult',
      title: '上次结果',
      width: 80,
      render: (_, row) => displayValue(row.dataType, row.previousResult),
    },
    { key: 'previousGrade', title: '上次等级', width: 80, render: (_, row) => gradeText(row.previousGrade) },
    {
      key: 'sampling',
      title: '采样分析',
      width: 80,
      align: 'center',
      render: (_, row) => <SamplingIcon row={row} onSample={onSample} />,
    },
    {
      key: 'files',
      title: '附件',
      width: 80,
      align: 'center',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          aria-label={`附件：${row.name}`}
          onClick={() => files.show(row)}
        >
          {row.files.length}
        </Button>
      ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, row: QualityRow) =>
              row.isEdit ? (
                <Button type="link" size="small" onClick={() => edit.show(row)}>
                  编辑
                </Button>
              ) : (
                '-'
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="请输入质控点名称"
          allowClear
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
      </Space>
      <Table<QualityRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        expandable={{ expandedRowRender: (row) => <CauseMeasure row={row} /> }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      {edit.target ? (
        <CauseMeasureModal
          open={edit.open}
          title={`原因分析与改进措施 - ${edit.target.name}`}
          initial={{ cause: edit.target.cause, measure: edit.target.measure }}
          onClose={edit.hide}
          onSubmit={(values) =>
            edit.target ? save(edit.target, values.cause, values.measure) : Promise.resolve()
          }
        />
      ) : null}
      {files.target ? (
        <PointAttachmentDialog
          open={files.open}
          point={files.target}
          editable={editable && files.target.isEdit}
          stage="disqualified"
          onClose={files.hide}
          onSaved={() => void refresh()}
        />
      ) : null}
    </>
  );
}
