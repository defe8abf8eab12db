import { annualEndpoints as E } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { type ChargerRow, post } from '../api.ts';

interface ChargerColumnsContext {
  isPublisher: boolean;
  act: RunAction;
  onEdit: (row: ChargerRow) => void;
}

/** The charger list's columns; 编辑 and 删除 for publishers. */
export function chargerColumns({
  isPublisher,
  act,
  onEdit,
}: ChargerColumnsContext): TableColumnsType<ChargerRow> {
  return [
    { key: 'department', title: '部门', dataIndex: 'departmentName', width: 160 },
    { key: 'type', title: '目标类型', dataIndex: 'targetTypeName', width: 130 },
    { key: 'user', title: '负责人', width: 150, render: (_, c) => `${c.userName}（${c.userAccount}）` },
    { key: 'phone', title: '联系电话', dataIndex: 'phone', width: 140 },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true },
    ...(isPublisher
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 130,
            render: (_: unknown, c: ChargerRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit(c)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除${c.departmentName}「${c.targetTypeName}」的负责人吗？`}
                  okText="删除"
                  isDanger
                  onConfirm={async () => {
                    await act(() => post(E.chargerDelete, { ids: [c.id] }), '负责人已删除');
                  }}
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
