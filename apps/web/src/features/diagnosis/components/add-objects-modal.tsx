import {
  type DiagnosisObject,
  type DiagnosisTask,
  type ObjectLevel,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { addObjectTasks, useObjects, useRefreshDiagnosis } from '../api.ts';
import { levelLabel } from '../values.ts';

const columns: TableColumnsType<DiagnosisObject> = [
  { title: '编码', dataIndex: 'code', width: 140 },
  { title: '名称', dataIndex: 'name' },
  { title: '部门', dataIndex: 'departmentName', render: (value: string | null) => value ?? '-' },
];

/** Adds the chosen objects to the task, then reloads the lists and closes; a refusal keeps the dialog open. */
function useAddObjects(taskId: string, selected: string[], onClose: () => void) {
  const [isSaving, setSaving] = useState(false);
  const refresh = useRefreshDiagnosis();
  const save = async () => {
    if (selected.length === 0) {
      notify.warning('请选择诊断对象');
      return;
    }
    setSaving(true);
    try {
      const { added } = await addObjectTasks(taskId, selected);
      notify.success(`已添加${added}个诊断对象`);
      await refresh();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return { isSaving, save };
}

/** 添加诊断对象: the objects of the task's level, searched and chosen across pages. */
export function AddObjectsModal({
  open,
  task,
  onClose,
}: {
  open: boolean;
  task: DiagnosisTask;
  onClose: () => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const objects = useObjects(
    { level: task.level as ObjectLevel, pageNum, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) },
    open,
  );
  const { isSaving, save } = useAddObjects(task.id, selected, onClose);

  return (
    <Modal
      title={`添加诊断对象（${levelLabel(task.level)}）`}
      open={open}
      width={760}
      okText={`确定${selected.length ? `（${selected.length}）` : ''}`}
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={() => {
        setSelected([]);
        setKeyword('');
        setPageNum(1);
      }}
      destroyOnHidden
    >
      <Input.Search
        placeholder="请输入名称或编码"
        allowClear
        maxLength={60}
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPageNum(1);
        }}
      />
      <Table<DiagnosisObject>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={objects.data?.records ?? []}
        loading={objects.isFetching}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: objects.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
    </Modal>
  );
}
