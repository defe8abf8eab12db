import type { ObjectTask } from '@eduqa/contract';
import { Badge, Button, Space, type TableColumnsType } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { diagnoseAgain, removeObjectTask } from '../api.ts';

interface ObjectTaskColumnsContext {
  canManage: boolean;
  /** The task is not finished, so its objects may still change. */
  isOpen: boolean;
  onOpen: (row: ObjectTask) => void;
  onCharger: (row: ObjectTask) => void;
  onAssign: (ids: string[]) => Promise<unknown>;
  /** Runs a change that answers with its own success message. */
  act: RunAction;
}

/** The columns of a task's object list; the publisher gets the managing actions. */
export function objectTaskColumns(ctx: ObjectTaskColumnsContext): TableColumnsType<ObjectTask> {
  return [
    {
      key: 'objectName',
      title: '诊断对象',
      width: 140,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => ctx.onOpen(row)}
        >
          {row.objectName}
        </Button>
      ),
    },
    {
      key: 'departmentName',
      title: '所属部门',
      width: 120,
      ellipsis: true,
      render: (_, row) => row.departmentName ?? '-',
    },
    { key: 'chargerName', title: '负责人', width: 72, render: (_, row) => row.chargerName ?? '-' },
    {
      key: 'sharers',
      title: '共享人',
      width: 100,
      ellipsis: true,
      render: (_, row) => row.sharers.map((s) => s.name).join('、') || '-',
    },
    { key: 'pointCount', title: '质控点数', dataIndex: 'pointCount', width: 76, align: 'right' },
    { key: 'belowCount', title: '未达标', dataIndex: 'belowCount', width: 64, align: 'right' },
    { key: 'unfinishedCount', title: '未完成', dataIndex: 'unfinishedCount', width: 64, align: 'right' },
    {
      key: 'openWarningCount',
      title: '未处理预警',
      width: 88,
      align: 'right',
      render: (_, row) => (
        <Badge
          count={row.openWarningCount}
          showZero
          color={row.openWarningCount ? TEXT_COLORS.danger : TEXT_COLORS.muted}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      // The publisher's five links wrap onto up to three lines.
      width: ctx.canManage ? 180 : 64,
      fixed: 'right',
      render: (_, row) => <ObjectTaskActions row={row} ctx={ctx} />,
    },
  ];
}

/** 填报 (or 查看), and for the publisher 设置负责人, 下达质控点, 重新诊断 and 移除. */
function ObjectTaskActions({ row, ctx }: { row: ObjectTask; ctx: ObjectTaskColumnsContext }) {
  const { isOpen, act } = ctx;
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => ctx.onOpen(row)}>
        {row.isEdit ? '填报' : '查看'}
      </Button>
      {ctx.canManage ? (
        <>
          <Button type="link" size="small" disabled={!isOpen} onClick={() => ctx.onCharger(row)}>
            设置负责人
          </Button>
          <ConfirmLink
            title={`确定向「${row.objectName}」下达质控点吗？`}
            description="按目标标准下达该层级的质控点及目标值，已下达的更新目标值（不允许修改的除外）。"
            okText="下达"
            disabledReason={isOpen ? undefined : '任务已结束'}
            onConfirm={() => ctx.onAssign([row.id])}
          >
            下达质控点
          </ConfirmLink>
          <ConfirmLink
            title={`确定重新诊断「${row.objectName}」吗？`}
            okText="重新诊断"
            disabledReason={isOpen ? undefined : '任务已结束'}
            onConfirm={() =>
              act(
                () => diagnoseAgain(row.id),
                ({ points }) => `已重新诊断${points}个质控点`,
              )
            }
          >
            重新诊断
          </ConfirmLink>
          <ConfirmLink
            title={`确定移除诊断对象「${row.objectName}」吗？`}
            description="该对象的质控点、结果、采样与预警记录将一并删除。"
            okText="移除"
            isDanger
            onConfirm={() => act(() => removeObjectTask(row.id), '移除成功')}
          >
            移除
          </ConfirmLink>
        </>
      ) : null}
    </Space>
  );
}
