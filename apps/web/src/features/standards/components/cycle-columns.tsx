import type { Cycle } from '@eduqa/contract';
import { Button, Popconfirm, Space, Switch, type TableColumnsType, Tooltip } from 'antd';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteCycle, setCycleHidden, setDefaultCycle } from '../api.ts';

/** Runs a change, then says `done` and reloads; the client has shown any failure. */
export type CycleAct = (work: () => Promise<unknown>, done: string) => Promise<void>;

interface CycleColumnsOptions {
  canManage: boolean;
  act: CycleAct;
  onEdit: (cycle: Cycle) => void;
}

/** The columns of a type's cycles: the default and hidden switches ask before they act. */
export function cycleColumns({ canManage, act, onEdit }: CycleColumnsOptions): TableColumnsType<Cycle> {
  return [
    { title: '周期', dataIndex: 'number', ellipsis: true },
    {
      title: '默认',
      dataIndex: 'isDefault',
      width: 110,
      render: (isDefault: boolean, cycle) => (
        <DefaultSwitch cycle={cycle} isDefault={isDefault} canManage={canManage} act={act} />
      ),
    },
    {
      title: '隐藏',
      dataIndex: 'isHidden',
      width: 110,
      render: (hidden: boolean, cycle) => (
        <HiddenSwitch cycle={cycle} hidden={hidden} canManage={canManage} act={act} />
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_: unknown, cycle: Cycle) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit(cycle)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除周期「${cycle.number}」吗？`}
                  description={cycle.isDefault ? '删除后默认周期改为该类型的第一个周期。' : undefined}
                  okText="删除"
                  isDanger
                  onConfirm={() => act(() => deleteCycle(cycle.id), '周期已删除')}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];
}

interface SwitchProps {
  cycle: Cycle;
  canManage: boolean;
  act: CycleAct;
}

function DefaultSwitch({ cycle, isDefault, canManage, act }: SwitchProps & { isDefault: boolean }) {
  if (isDefault || !canManage) {
    return (
      <Tooltip title={isDefault ? '每个类型恰有一个默认周期；设置其他周期为默认即可更换' : undefined}>
        <Switch checked={isDefault} disabled aria-label={`${cycle.number}默认`} />
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={`确定将「${cycle.number}」设为默认周期吗？`}
      okText="确定"
      cancelText="取消"
      disabled={cycle.isHidden}
      onConfirm={() => act(() => setDefaultCycle(cycle.id), `已将「${cycle.number}」设为默认`)}
    >
      <Tooltip title={cycle.isHidden ? '隐藏的周期不能设为默认' : undefined}>
        <Switch checked={false} disabled={cycle.isHidden} aria-label={`${cycle.number}默认`} />
      </Tooltip>
    </Popconfirm>
  );
}

function HiddenSwitch({ cycle, hidden, canManage, act }: SwitchProps & { hidden: boolean }) {
  const blocked = cycle.isDefault ? '默认周期不能隐藏' : undefined;
  return (
    <Popconfirm
      title={hidden ? `确定显示「${cycle.number}」吗？` : `确定隐藏「${cycle.number}」吗？`}
      okText="确定"
      cancelText="取消"
      disabled={!canManage || Boolean(blocked)}
      onConfirm={() => act(() => setCycleHidden(cycle.id, !hidden), hidden ? '已显示' : '已隐藏')}
    >
      <Tooltip title={blocked}>
        <Switch
          checked={hidden}
          disabled={!canManage || Boolean(blocked)}
          aria-label={`${cycle.number}隐藏`}
        />
      </Tooltip>
    </Popconfirm>
  );
}
