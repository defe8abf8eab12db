import { PlusOutlined } from '@ant-design/icons';
import type { Cycle, CycleType } from '@eduqa/contract';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useIsPhone } from '../../../shared/ui/responsive.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useCanManage, useCycles, useCycleTypes, useRefreshStandards } from '../api.ts';
import { type CycleAct, cycleColumns } from '../components/cycle-columns.tsx';
import { CycleFormModal, CycleTypeFormModal } from '../components/cycle-form-modals.tsx';
import { CycleTypeListCard } from '../components/cycle-type-list-card.tsx';

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

  const act: CycleAct = async (work, done) => {
    try {
      await work();
    } catch {
      return;
    }
    notify.success(done);
    await refresh();
  };

  const isPhone = useIsPhone();
  return (
    // Side by side on a desk; on a phone the list of kinds comes first, full width, and the rest below it.
    <Row gutter={[16, 16]} wrap={isPhone} style={{ alignItems: 'flex-start' }}>
      <Col flex={isPhone ? '100%' : '280px'}>
        <CycleTypeListCard
          types={types.data ?? []}
          isLoading={types.isLoading}
          current={type}
          canManage={canManage}
          act={act}
          onPick={pickType}
          onEdit={(t) => typeDialog.show(t)}
        />
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
            columns={cycleColumns({ canManage, act, onEdit: cycleDialog.show })}
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
