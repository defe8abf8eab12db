import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Warehouse, WarehouseTable } from '@eduqa/contract';
import { Button, Col, Empty, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteTable, deleteWarehouse, useTables, useWarehouses, warehouseKeys } from '../api.ts';
import { LibraryCard } from '../components/library-card.tsx';
import { TableFormModal, WarehouseFormModal } from '../components/library-forms.tsx';

const GRID = { xs: 24, sm: 12, lg: 8, xxl: 6 };

/** 数据管理 › 数据仓库: the warehouses as parent-library cards; the chosen one's tables as child-library cards. */
export function WarehousesPage() {
  const warehouses = useWarehouses();
  const [chosenId, setChosenId] = useState<string | undefined>();
  const chosen = warehouses.data?.find((w) => w.id === chosenId) ?? warehouses.data?.[0];
  const warehouseDialog = useDialog<Warehouse>();
  const run = useAction(warehouseKeys.all);
  const navigate = useNavigate();

  return (
    <PageCard title="数据仓库" add={{ label: '新增仓库', onClick: () => warehouseDialog.show() }}>
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<DeleteOutlined />} onClick={() => navigate('recycle')}>
          回收站
        </Button>
      </Space>
      <Spin spinning={warehouses.isFetching}>
        {warehouses.data && warehouses.data.length === 0 ? (
          <Empty description="还没有数据仓库，请先新增仓库" />
        ) : (
          <Row gutter={[16, 16]}>
            {(warehouses.data ?? []).map((w) => (
              <Col key={w.id} {...GRID}>
                <LibraryCard
                  mode="parent"
                  testId={`warehouse-card-${w.name}`}
                  title={w.name}
                  description={w.remark}
                  extra={<Tag>{w.tableCount} 张表</Tag>}
                  isSelected={chosen?.id === w.id}
                  onOpen={() => setChosenId(w.id)}
                  actions={
                    <>
                      <Button type="link" size="small" onClick={() => warehouseDialog.show(w)}>
                        编辑
                      </Button>
                      <ConfirmLink
                        title={`确定删除仓库「${w.name}」吗？`}
                        description="仓库下有数据表（含回收站）时不能删除。"
                        okText="删除"
                        isDanger
                        onConfirm={() => run(() => deleteWarehouse(w.id), '仓库已删除')}
                      >
                        删除
                      </ConfirmLink>
                    </>
                  }
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {chosen ? <WarehouseTables warehouse={chosen} /> : null}
      <WarehouseFormModal
        open={warehouseDialog.open}
        target={warehouseDialog.target}
        onClose={warehouseDialog.hide}
      />
    </PageCard>
  );
}

/** The child-library cards of one warehouse. */
function WarehouseTables({ warehouse }: { warehouse: Warehouse }) {
  const tables = useTables(warehouse.id);
  const dialog = useDialog<WarehouseTable>();
  const run = useAction(warehouseKeys.all);
  const navigate = useNavigate();
  return (
    <div style={{ marginTop: 24 }}>
      <Space style={{ marginBottom: 12 }}>
        <strong>「{warehouse.name}」的数据表</strong>
        <Button size="small" icon={<PlusOutlined />} onClick={() => dialog.show()}>
          新增数据表
        </Button>
      </Space>
      <Spin spinning={tables.isFetching}>
        {tables.data && tables.data.length === 0 ? (
          <Empty description="仓库中还没有数据表" />
        ) : (
          <Row gutter={[16, 16]}>
            {(tables.data ?? []).map((t) => (
              <Col key={t.id} {...GRID}>
                <LibraryCard
                  mode="child"
                  testId={`table-card-${t.name}`}
                  title={t.name}
                  description={t.remark}
                  extra={t.isCreated ? <Tag color="green">{t.rowCount ?? 0} 行</Tag> : <Tag>未建物理表</Tag>}
                  onOpen={() => navigate(`table/${t.id}`)}
                  actions={
                    <>
                      <Button type="link" size="small" onClick={() => navigate(`table/${t.id}`)}>
                        打开
                      </Button>
                      <Button type="link" size="small" onClick={() => dialog.show(t)}>
                        编辑
                      </Button>
                      <ConfirmLink
                        title={`确定删除数据表「${t.name}」吗？`}
                        description={`表及其${t.rowCount ?? 0}行数据将移入回收站，可在回收站恢复。`}
                        okText="删除"
                        isDanger
                        onConfirm={() => run(() => deleteTable(t.id), '数据表已移入回收站')}
                      >
                        删除
                      </ConfirmLink>
                    </>
                  }
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <TableFormModal
        open={dialog.open}
        warehouseId={warehouse.id}
        target={dialog.target}
        onClose={dialog.hide}
      />
    </div>
  );
}
