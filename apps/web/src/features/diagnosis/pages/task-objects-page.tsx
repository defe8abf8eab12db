import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { type DiagnosisTask, type ObjectTask, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { assignPoints, diagnosisKeys, useObjectTasks, useTask } from '../api.ts';
import { AddObjectsModal } from '../components/add-objects-modal.tsx';
import { BelowStandardTable } from '../components/below-standard-table.tsx';
import { ChargerModal } from '../components/charger-modal.tsx';
import { objectTaskColumns } from '../components/object-task-columns.tsx';
import { PointDrawer } from '../components/point-drawer.tsx';
import { SamplingDialog, type SamplingPoint } from '../components/sampling-dialog.tsx';
import { TaskStateTag } from '../components/task-state-tag.tsx';
import { WarningTable } from '../components/warning-table.tsx';
import { levelLabel } from '../values.ts';

/** Why the task's objects cannot change: a finished task is closed. */
const CLOSED_REASON = '任务已结束，不能再修改';

function TaskFacts({ task }: { task: DiagnosisTask }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        { key: 'level', label: '诊断层级', children: levelLabel(task.level) },
        { key: 'period', label: '诊断期间', children: task.period },
        { key: 'dates', label: '起止日期', children: `${task.startDate} 至 ${task.endDate}` },
        { key: 'state', label: '状态', children: <TaskStateTag state={task.state} /> },
        { key: 'publisher', label: '发布人', children: task.publisherName },
        {
          key: 'counts',
          label: '统计',
          children: `对象${task.objectCount}个，质控点${task.pointCount}个，未达标${task.belowCount}个，未完成${task.unfinishedCount}个，未处理预警${task.openWarningCount}条`,
        },
      ]}
    />
  );
}

/** The object tasks of a task; the publisher adds objects, sets chargers, assigns points, removes. */
function ObjectTasks({ task, canManage }: { task: DiagnosisTask; canManage: boolean }) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const list = useObjectTasks({
    taskId: task.id,
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
  });
  const navigate = useNavigate();
  const charger = useDialog<ObjectTask>();
  const [adding, setAdding] = useState(false);
  const isOpen = task.state !== 'finished';

  const act = useAction(diagnosisKeys.all);
  const assign = (ids: string[]) =>
    act(
      () => assignPoints(ids),
      ({ assigned, updated }) => `已下达质控点：新增${assigned}个，更新${updated}个`,
    );

  const columns = objectTaskColumns({
    canManage,
    isOpen,
    onOpen: (row) => navigate(`../../obj/${row.id}`, { relative: 'path' }),
    onCharger: charger.show,
    onAssign: assign,
    act,
  });

  return (
    <>
      <ObjectTasksToolbar
        canManage={canManage}
        isOpen={isOpen}
        selected={selected}
        onSearch={(value) => {
          setKeyword(value);
          setPageNum(1);
        }}
        onAdd={() => setAdding(true)}
        onAssign={() => assign(selected)}
      />
      <Table<ObjectTask>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: columnsWidth(columns, canManage ? 32 : 0) }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        rowSelection={
          canManage
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                columnWidth: 32,
                onChange: (keys) => setSelected(keys.map(String)),
              }
            : undefined
        }
        pagination={{
          ...PAGINATION_WITH_WORDS,
          current: pageNum,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
      />
      <ChargerModal open={charger.open} objectTask={charger.target} onClose={charger.hide} />
      <AddObjectsModal open={adding} task={task} onClose={() => setAdding(false)} />
    </>
  );
}

interface ObjectTasksToolbarProps {
  canManage: boolean;
  isOpen: boolean;
  selected: string[];
  onSearch: (keyword: string) => void;
  onAdd: () => void;
  onAssign: () => Promise<unknown>;
}

/** The object name search; the publisher adds objects and assigns points to the checked ones. */
function ObjectTasksToolbar({
  canManage,
  isOpen,
  selected,
  onSearch,
  onAdd,
  onAssign,
}: ObjectTasksToolbarProps) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        placeholder="请输入对象名称"
        allowClear
        maxLength={60}
        style={{ width: 240 }}
        onSearch={(value) => onSearch(value.trim())}
      />
      {canManage ? (
        <>
          <Tooltip title={isOpen ? undefined : CLOSED_REASON}>
            <Button type="primary" icon={<PlusOutlined />} disabled={!isOpen} onClick={onAdd}>
              添加诊断对象
            </Button>
          </Tooltip>
          <Popconfirm
            title={`确定向选中的${selected.length}个对象下达质控点吗？`}
            okText="下达"
            cancelText="取消"
            disabled={selected.length === 0 || !isOpen}
            onConfirm={onAssign}
          >
            <Tooltip
              title={isOpen ? (selected.length === 0 ? '请先勾选诊断对象' : undefined) : CLOSED_REASON}
            >
              <Button disabled={selected.length === 0 || !isOpen}>批量下达质控点</Button>
            </Tooltip>
          </Popconfirm>
        </>
      ) : null}
    </Space>
  );
}

/** A task: its facts, its objects, and its below-standard points and warnings across objects. */
export function TaskObjectsPage() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  const { user } = useSession();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<string | null>(null);
  const [sampling, setSampling] = useState<SamplingPoint | null>(null);
  const canManage =
    (user?.actions ?? []).includes('diagnosis.manage') && task.data?.publisherId === user?.userId;

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回"
            onClick={() => navigate('../..', { relative: 'path' })}
          />
          {task.data?.name ?? '诊断任务'}
        </Space>
      }
    >
      {task.isLoading ? (
        <Skeleton active />
      ) : !task.data ? (
        <Empty description="任务不存在或无权查看" />
      ) : (
        <>
          <TaskFacts task={task.data} />
          <Tabs
            items={[
              {
                key: 'objects',
                label: '诊断对象',
                children: <ObjectTasks task={task.data} canManage={canManage} />,
              },
              {
                key: 'below',
                label: '未达标质控点',
                children: (
                  <BelowStandardTable
                    scope={{ taskId }}
                    editable={false}
                    onOpen={(row) => setDrawer(row.id)}
                    onSample={(row) => setSampling(row)}
                  />
                ),
              },
              {
                key: 'warn',
                label: '预警',
                children: <WarningTable scope={{ taskId }} acrossTasks={false} onOpen={setDrawer} />,
              },
            ]}
          />
        </>
      )}
      <PointDrawer pointId={drawer} onClose={() => setDrawer(null)} />
      <SamplingDialog point={sampling} onClose={() => setSampling(null)} />
    </Card>
  );
}
