import { DIAGNOSIS_TEXT_LABELS, type QualityRow, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Descriptions, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../../shared/ui/export-button.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportDisqualified, saveDiagnosisText, useDisqualified, useRefreshDiagnosis } from '../api.ts';
import { PointAttachmentDialog } from './attachments-slot.tsx';
import { belowStandardColumns, EXPAND_COLUMN_WIDTH } from './below-standard-columns.tsx';
import { CauseMeasureModal } from './cause-measure-modal.tsx';

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
  const edit = useDialog<QualityRow>();
  const files = useDialog<QualityRow>();

  const columns = belowStandardColumns({
    editable,
    onOpen,
    onSample,
    onFiles: files.show,
    onEdit: edit.show,
  });

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
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
        <ExportButton onExport={() => exportDisqualified({ ...scope, ...(keyword ? { keyword } : {}) })} />
      </Space>
      <Table<QualityRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: columnsWidth(columns, EXPAND_COLUMN_WIDTH) }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        expandable={{ expandedRowRender: (row) => <CauseMeasure row={row} /> }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      <RowDialogs edit={edit} files={files} editable={editable} />
    </>
  );
}

type RowDialog = ReturnType<typeof useDialog<QualityRow>>;

/** The dialogs of a row: its cause and measure, and its attachments. */
function RowDialogs({ edit, files, editable }: { edit: RowDialog; files: RowDialog; editable: boolean }) {
  const refresh = useRefreshDiagnosis();
  const save = async (row: QualityRow, cause: string, measure: string) => {
    await saveDiagnosisText(row.id, { cause, measure });
    notify.success('保存成功');
    await refresh();
  };
  return (
    <>
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
