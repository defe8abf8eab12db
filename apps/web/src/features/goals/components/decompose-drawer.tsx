import { TABLE_EMPTY_TEXT, TARGET_TASK_IMPORT } from '@eduqa/contract';
import { Button, Drawer, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../shared/excel/excel-import-modal.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { exportTasks, goalKeys, type TaskRow, useTasks, type YearTargetRow } from '../api.ts';
import { useGoalUser } from '../use-goal-user.ts';
import { CatalogModal } from './catalog-modal.tsx';
import { decomposeColumns } from './decompose-columns.tsx';
import { TaskDetailDrawer } from './task-detail-drawer.tsx';
import { TaskFormModal } from './task-form-modal.tsx';

/** 分解: the target tasks of one year target; the publisher adds tasks (and sub-tasks) for departments. */
export function DecomposeDrawer({
  yearTarget,
  onClose,
}: {
  yearTarget: YearTargetRow | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={yearTarget ? `分解年度目标：${yearTarget.name}` : '分解年度目标'}
      open={yearTarget !== null}
      onClose={onClose}
      size="80%"
      destroyOnHidden
    >
      {yearTarget ? <DecomposeBody yearTarget={yearTarget} /> : null}
    </Drawer>
  );
}

function DecomposeBody({ yearTarget }: { yearTarget: YearTargetRow }) {
  const { isPublisher } = useGoalUser();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const tasks = useTasks({
    yearTargetId: yearTarget.id,
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
  });
  const form = useDialog<TaskRow>();
  const [parent, setParent] = useState<TaskRow | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isImporting, setImporting] = useState(false);
  const catalog = useDialog<TaskRow>();
  const act = useAction(goalKeys.all);
  /** The task dialog: a new task (under `under` when it is a sub-task), or an existing task. */
  const openForm = (task: TaskRow | null, under: TaskRow | null) => {
    setParent(under);
    form.show(task);
  };

  const columns = decomposeColumns({
    isPublisher,
    act,
    onOpen: (t) => setOpenId(t.id),
    onAddSub: (t) => openForm(null, t),
    onEdit: (t) => openForm(t, null),
    onCatalog: catalog.show,
  });

  return (
    <>
      <DecomposeToolbar
        isPublisher={isPublisher}
        onSearch={(value) => {
          setKeyword(value);
          setPageNum(1);
        }}
        onExport={() =>
          void exportTasks({ yearTargetId: yearTarget.id, ...(keyword ? { keyword } : {}) }).catch(
            () => undefined,
          )
        }
        onImport={() => setImporting(true)}
        onAdd={() => openForm(null, null)}
      />
      <Table<TaskRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tasks.data?.records ?? []}
        loading={tasks.isLoading || tasks.isFetching}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        scroll={{ x: 1050 }}
        pagination={{ ...PAGINATION, current: pageNum, total: tasks.data?.total ?? 0, onChange: setPageNum }}
      />
      <TaskFormModal
        open={form.open}
        yearTarget={yearTarget}
        task={form.target}
        parent={parent}
        onClose={form.hide}
      />
      <TaskDetailDrawer taskId={openId} onClose={() => setOpenId(null)} />
      <CatalogModal open={catalog.open} task={catalog.target} onClose={catalog.hide} />
      <TaskImportModal open={isImporting} yearTarget={yearTarget} onClose={() => setImporting(false)} />
    </>
  );
}

interface DecomposeToolbarProps {
  isPublisher: boolean;
  onSearch: (keyword: string) => void;
  onExport: () => void;
  onImport: () => void;
  onAdd: () => void;
}

/** The name search on the left; 导出, and for publishers 导入任务 and 新增任务, on the right. */
function DecomposeToolbar({ isPublisher, onSearch, onExport, onImport, onAdd }: DecomposeToolbarProps) {
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        maxLength={60}
        style={{ width: 240 }}
        onSearch={(value) => onSearch(value.trim())}
      />
      <Space>
        <Button onClick={onExport}>导出</Button>
        {isPublisher ? (
          <>
            <Button onClick={onImport}>导入任务</Button>
            <Button type="primary" onClick={onAdd}>
              新增任务
            </Button>
          </>
        ) : null}
      </Space>
    </Space>
  );
}

/** 导入任务 of the year target from the Excel template. */
function TaskImportModal({
  open,
  yearTarget,
  onClose,
}: {
  open: boolean;
  yearTarget: YearTargetRow;
  onClose: () => void;
}) {
  return (
    <ExcelImportModal
      open={open}
      onClose={onClose}
      endpoints={TARGET_TASK_IMPORT}
      fields={{ yearTargetId: yearTarget.id }}
      texts={{
        title: `导入任务（${yearTarget.name}）`,
        noun: '任务',
        success: (answer) => `已导入${answer.tasks}个任务`,
        template: { text: '下载导入模板', fileName: '目标任务导入模板.xlsx' },
      }}
      invalidates={[goalKeys.all]}
    />
  );
}
