import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Cycle, type CycleType, standardsEndpoints as E } from '@eduqa/contract';
import {
  Button,
  Card,
  Col,
  Empty,
  List,
  Popconfirm,
  Row,
  Space,
  Switch,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useCanManage, useCycles, useCycleTypes, useRefreshStandards } from '../api.ts';
import { CycleFormModal, CycleTypeFormModal } from '../components/cycle-form-modals.tsx';

/** 周期管理: cycle types on the left, the selected type's values with default and hidden toggles. */
export default function CyclesPage() {
  const canManage = useCanManage();
  const refresh = useRefreshStandards();
  const types = useCycleTypes();
  const [pickedTypeId, setTypeId] = useState<string>();
  const type = types.data?.find((t) => t.id === pickedTypeId) ?? types.data?.[0];
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const cycles = useCycles({ typeId: type?.id, keyword, pageNum, pageSize: PAGE_SIZE }, Boolean(type));
  const typeDialog = useDialog<CycleType>();
  const cycleDialog = useDialog<Cycle>();

  const pickType = (id: string) => {
    setTypeId(id);
    setPageNum(1);
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
    } catch {
      return;
    }
    notify.success(done);
    await refresh();
  };

  const columns: TableColumnsType<Cycle> = [
    { title: '周期', dataIndex: 'number', ellipsis: true },
    {
      title: '默认',
      dataIndex: 'isDefault',
      width: 110,
      render: (isDefault: boolean, cycle) =>
        isDefault || !canManage ? (
          <Tooltip title={isDefault ? '每个类型恰有一个默认周期；设置其他周期为默认即可更换' : undefined}>
            <Switch checked={isDefault} disabled aria-label={`${cycle.number}默认`} />
          </Tooltip>
        ) : (
          <Popconfirm
            title={`确定将「${cycle.number}」设为默认周期吗？`}
            okText="确定"
            cancelText="取消"
            disabled={cycle.isHidden}
            onConfirm={() =>
              act(() => call(E.cycleDefault, { params: { id: cycle.id } }), `已将「${cycle.number}」设为默认`)
            }
          >
            <Tooltip title={cycle.isHidden ? '隐藏的周期不能设为默认' : undefined}>
              <Switch checked={false} disabled={cycle.isHidden} aria-label={`${cycle.number}默认`} />
            </Tooltip>
          </Popconfirm>
        ),
    },
    {
      title: '隐藏',
      dataIndex: 'isHidden',
      width: 110,
      render: (hidden: boolean, cycle) => {
        const blocked = cycle.isDefault ? '默认周期不能隐藏' : undefined;
        return (
          <Popconfirm
            title={hidden ? `确定显示「${cycle.number}」吗？` : `确定隐藏「${cycle.number}」吗？`}
            okText="确定"
            cancelText="取消"
            disabled={!canManage || Boolean(blocked)}
            onConfirm={() =>
              act(
                () =>
                  call(E.cycleHidden, {
                    params: { id: cycle.id },
                    body: { status: !hidden },
                    json: true,
                  }),
                hidden ? '已显示' : '已隐藏',
              )
            }
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
      },
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
                <Button type="link" size="small" onClick={() => cycleDialog.show(cycle)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除周期「${cycle.number}」吗？`}
                  description={cycle.isDefault ? '删除后默认周期改为该类型的第一个周期。' : undefined}
                  okText="删除"
                  isDanger
                  onConfirm={() =>
                    act(() => call(E.cycleDelete, { body: { cycleId: cycle.id }, json: true }), '周期已删除')
                  }
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="280px">
        <Card
          title="周期类型"
          size="small"
          variant="borderless"
          extra={
            canManage ? (
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => typeDialog.show()}>
                新增
              </Button>
            ) : null
          }
        >
          <List<CycleType>
            loading={types.isLoading}
            dataSource={types.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无周期类型" /> }}
            renderItem={(t) => (
              <List.Item
                style={{
                  paddingInline: 8,
                  borderRadius: 6,
                  background: t.id === type?.id ? 'rgba(22,119,255,0.08)' : undefined,
                }}
                actions={
                  canManage
                    ? [
                        <Button
                          key="edit"
                          type="link"
                          size="small"
                          aria-label={`编辑${t.name}`}
                          icon={<EditOutlined />}
                          onClick={() => typeDialog.show(t)}
                        />,
                        <ConfirmLink
                          key="delete"
                          title={`确定删除周期类型「${t.name}」吗？`}
                          description="仍有周期值的类型不能删除。"
                          okText="删除"
                          isDanger
                          onConfirm={() =>
                            act(
                              () => call(E.cycleTypeDelete, { params: { id: t.id } }),
                              `已删除周期类型「${t.name}」`,
                            )
                          }
                        >
                          <DeleteOutlined />
                        </ConfirmLink>,
                      ]
                    : []
                }
              >
                <Button
                  type="text"
                  block
                  style={{ justifyContent: 'flex-start', paddingInline: 0 }}
                  onClick={() => pickType(t.id)}
                >
                  {t.name}
                </Button>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          variant="borderless"
          title={type ? `「${type.name}」的周期` : '周期'}
          extra={
            canManage && type ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => cycleDialog.show()}>
                新增周期
              </Button>
            ) : null
          }
        >
          <PagedTable<Cycle>
            search={{
              placeholder: '请输入周期',
              onSearch: (value) => {
                setKeyword(value || undefined);
                setPageNum(1);
              },
            }}
            rowKey="id"
            columns={columns}
            rows={type ? (cycles.data?.records ?? []) : []}
            isLoading={cycles.isFetching}
            serverPage={{
              current: pageNum,
              total: type ? (cycles.data?.total ?? 0) : 0,
              onChange: setPageNum,
            }}
          />
        </Card>
      </Col>
      <CycleTypeFormModal
        open={typeDialog.open}
        type={typeDialog.target}
        onClose={typeDialog.hide}
        onSaved={(saved) => pickType(saved.id)}
      />
      <CycleFormModal
        open={cycleDialog.open}
        type={type ?? null}
        cycle={cycleDialog.target}
        onClose={cycleDialog.hide}
      />
    </Row>
  );
}
