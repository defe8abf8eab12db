import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { type DiagnosisTask, diagnosisEndpoints, type ObjectTask, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import {
  Badge,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../shared/api/client.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION_WITH_WORDS } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useSession } from '../../../shell/session/index.ts';
import { assignPoints, useObjectTasks, useRefreshDiagnosis, useTask } from '../api.ts';
import { AddObjectsModal } from '../components/add-objects-modal.tsx';
import { BelowStandardTable } from '../components/below-standard-table.tsx';
import { ChargerModal } from '../components/charger-modal.tsx';
import { PointDrawer } from '../components/point-drawer.tsx';
import { SamplingDialog, type SamplingPoint } from '../components/sampling-dialog.tsx';
import { TaskStateTag } from '../components/task-state-tag.tsx';
import { WarningTable } from '../components/warning-table.tsx';
import { levelLabel } from '../values.ts';

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
  const refresh = useRefreshDiagnosis();
  const navigate = useNavigate();
  const charger = useDialog<ObjectTask>();
  const [adding, setAdding] = useState(false);
  const isOpen = task.state !== 'finished';

  const act = async (work: () => Promise<string>) => {
    try {
      notify.success(await work());
    } catch {
      return;
    }
    await refresh();
  };
  const assign = (ids: string[]) =>
    act(async () => {
      const { assigned, updated } = await assignPoints(ids);
      return `已下达质控点：新增${assigned}个，更新${updated}个`;
    });

  const columns: TableColumnsType<ObjectTask> = [
    {
      key: 'objectName',
      title: '诊断对象',
      width: 200,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => navigate(`../../obj/${row.id}`, { relative: 'path' })}
        >
          {row.objectName}
        </Button>
      ),
    },
    { key: 'departmentName', title: '所属部门', width: 160, render: (_, row) => row.departmentName ?? '-' },
    { key: 'chargerName', title: '负责人', width: 100, render: (_, row) => row.chargerName ?? '-' },
    {
      key: 'sharers',
      title: '共享人',
      width: 160,
      ellipsis: true,
      render: (_, row) => row.sharers.map((s) => s.name).join('、') || '-',
    },
    { key: 'pointCount', title: '质控点数', dataIndex: 'pointCount', width: 90, align: 'right' },
    { key: 'belowCount', title: '未达标', dataIndex: 'belowCount', width: 80, align: 'right' },
    { key: 'unfinishedCount', title: '未完成', dataIndex: 'unfinishedCount', width: 80, align: 'right' },
    {
      key: 'openWarningCount',
      title: '未处理预警',
      width: 100,
      align: 'right',
      render: (_, row) => (
        <Badge count={row.openWarningCount} showZero color={row.openWarningCount ? '#f5222d' : '#d9d9d9'} />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: canManage ? 360 : 90,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`../../obj/${row.id}`, { relative: 'path' })}
          >
            {row.isEdit ? '填报' : '查看'}
          </Button>
          {canManage ? (
            <>
              <Button type="link" size="small" disabled={!isOpen} onClick={() => charger.show(row)}>
                设置负责人
              </Button>
              <ConfirmLink
                title={`确定向「${row.objectName}」下达质控点吗？`}
                description="按目标标准下达该层级的质控点及目标值，已下达的更新目标值（不允许修改的除外）。"
                okText="下达"
                disabledReason={isOpen ? undefined : '任务已结束'}
                onConfirm={() => assign([row.id])}
              >
                下达质控点
              </ConfirmLink>
              <ConfirmLink
                title={`确定重新诊断「${row.objectName}」吗？`}
                okText="重新诊断"
                disabledReason={isOpen ? undefined : '任务已结束'}
                onConfirm={() =>
                  act(async () => {
                    const { points } = await call(diagnosisEndpoints.diagnoseAgain, {
                      body: { id: row.id },
                      json: true,
                    });
                    return `已重新诊断${points}个质控点`;
                  })
                }
              >
                重新诊断
              </ConfirmLink>
              <ConfirmLink
                title={`确定移除诊断对象「${row.objectName}」吗？`}
                description="该对象的质控点、结果、采样与预警记录将一并删除。"
                okText="移除"
                isDanger
                onConfirm={() =>
                  act(async () => {
                    await call(diagnosisEndpoints.objectTaskDelete, {
                      params: { id: row.id },
                      body: undefined,
                      json: true,
                    });
                    return '移除成功';
                  })
                }
              >
                移除
              </ConfirmLink>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="请输入对象名称"
          allowClear
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
        {canManage ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} disabled={!isOpen} onClick={() => setAdding(true)}>
              添加诊断对象
            </Button>
            <Popconfirm
              title={`确定向选中的${selected.length}个对象下达质控点吗？`}
              okText="下达"
              cancelText="取消"
              disabled={selected.length === 0 || !isOpen}
              onConfirm={() => assign(selected)}
            >
              <Button disabled={selected.length === 0 || !isOpen}>批量下达质控点</Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
      <Table<ObjectTask>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
        locale={{ emptyText: TABLE_EMPTY_TEXT }}
        rowSelection={
          canManage
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
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
