import { PaperClipOutlined } from '@ant-design/icons';
import {
  DIAGNOSIS_TEXT_LABELS,
  diagnosisEndpoints,
  type QualityRowWire,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Button, Descriptions, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { useDialog } from '../../system/components/use-dialog.ts';
import { useDisqualified, useRefreshDiagnosis } from '../api.ts';
import { DQ_PAGINATION, PAGE_SIZE } from '../paging.tsx';
import { displayValue, gradeText, resultText, targetText } from '../values.ts';
import { PointAttachmentDialog } from './attachments-slot.tsx';
import { CauseMeasureModal } from './cause-measure-modal.tsx';
import { LongText, PointLink, SamplingIcon } from './quality-table.tsx';

/** A row expanded: its cause analysis and improvement measure. */
function CauseMeasure({ row }: { row: QualityRowWire }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      styles={{ label: { width: 120 } }}
      items={[
        { key: 'yyfx', label: DIAGNOSIS_TEXT_LABELS.cause, children: row.yyfx || '暂无' },
        { key: 'gjcs', label: DIAGNOSIS_TEXT_LABELS.measure, children: row.gjcs || '暂无' },
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
  scope: { dxrwid: string } | { rwid: string };
  editable: boolean;
  onOpen: (row: QualityRowWire) => void;
  onSample: (row: QualityRowWire) => void;
}) {
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useDisqualified({ ...scope, ...(keyword ? { keyword } : {}), pageNum, pageSize: PAGE_SIZE });
  const refresh = useRefreshDiagnosis();
  const edit = useDialog<QualityRowWire>();
  const files = useDialog<QualityRowWire>();

  const save = async (row: QualityRowWire, cause: string, measure: string) => {
    await call(diagnosisEndpoints.disqualifiedUpdate, { body: { id: row.id, yyfx: cause, gjcs: measure } });
    notify.success('保存成功');
    await refresh();
  };

  const columns: TableColumnsType<QualityRowWire> = [
    {
      key: 'zkdmc',
      title: '质控点名称',
      width: 160,
      render: (_, row) => <PointLink row={row} onOpen={onOpen} />,
    },
    { key: 'nh', title: '内涵', width: 180, render: (_, row) => <LongText text={row.nh} /> },
    { key: 'zdbz', title: '诊断标准', width: 180, render: (_, row) => <LongText text={row.zdbz} /> },
    { key: 'bzz', title: '标准值', width: 80, render: (_, row) => displayValue(row.zlx, row.bzz) },
    { key: 'mbz', title: '目标值', width: 80, render: (_, row) => targetText(row) },
    { key: 'jgz', title: '本次结果', width: 80, render: (_, row) => resultText(row) },
    { key: 'jgdj', title: '本次等级', width: 80, render: (_, row) => gradeText(row.jgdj) },
    { key: 'sljsz', title: '上次结果', width: 80, render: (_, row) => displayValue(row.zlx, row.sljsz) },
    { key: 'sldj', title: '上次等级', width: 80, render: (_, row) => gradeText(row.sldj) },
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
          aria-label={`附件：${row.zkdmc}`}
          onClick={() => files.show(row)}
        >
          {row.qualityFileList.length}
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
            render: (_: unknown, row: QualityRowWire) =>
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
      <Table<QualityRowWire>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        expandable={{ expandedRowRender: (row) => <CauseMeasure row={row} /> }}
        pagination={{
          ...DQ_PAGINATION,
          current: pageNum,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      {edit.target ? (
        <CauseMeasureModal
          open={edit.open}
          title={`原因分析与改进措施 - ${edit.target.zkdmc}`}
          initial={{ cause: edit.target.yyfx, measure: edit.target.gjcs }}
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
