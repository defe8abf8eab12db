import { FILL_STATES, type FillState, type FillTask, type FormRecord } from '@eduqa/contract';
import { Alert, Button, Drawer, Empty, Popconfirm, Result, Space, Spin, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import {
  type FilterParsers,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { auditFill, formsKeys, useFillTaskDetail, useFillTasks } from '../api.ts';
import { FILL_STATE_FILTER, StateFilteredList } from '../components/state-filtered-list.tsx';
import { FormRenderer, type FormRow } from '../index.ts';
import { FillStateTag } from '../widgets/fill-state-tag.tsx';
import { ReasonModal } from '../widgets/reason-modal.tsx';
import { useFillOptions } from '../widgets/use-fill-options.ts';

const ignore = () => {};

/** The committed records of one fill task, read-only, with 通过 and 退回. */
function AuditDrawer({ fill, onClose }: { fill: FillTask | null; onClose: () => void }) {
  const detail = useFillTaskDetail(fill?.id ?? null);
  const optionsOf = useFillOptions(fill?.formId);
  const run = useAction(formsKeys.all);
  const [isRollingBack, setRollingBack] = useState(false);
  const rows = useMemo<FormRow[]>(
    () =>
      (detail.data?.records ?? []).map((r) => ({
        id: r.id,
        parentId: r.parentId,
        links: r.links,
        values: r.data as FormRecord,
      })),
    [detail.data],
  );
  const isPending = detail.data?.fillTask.state === 'unaudited';

  return (
    <Drawer
      title={fill ? `${fill.formName} · ${fill.fillerName}（${fill.departmentName}）` : ''}
      open={fill !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
      extra={
        isPending && fill ? (
          <Space>
            <Button danger onClick={() => setRollingBack(true)}>
              退回
            </Button>
            <Popconfirm
              title="确定审核通过吗？"
              okText="通过"
              cancelText="取消"
              onConfirm={async () => {
                if (await run(() => auditFill(fill.id, { decision: 'pass' }), '已审核通过')) onClose();
              }}
            >
              <Button type="primary">通过</Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {detail.isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : !detail.data ? (
        <Result status="warning" title={detail.error?.message ?? '填报任务不存在'} />
      ) : (
        <>
          {detail.data.fillTask.rollbackReason ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`上次退回原因：${detail.data.fillTask.rollbackReason}`}
            />
          ) : null}
          {rows.length === 0 ? (
            <Empty description="没有填写数据" />
          ) : (
            <FormRenderer
              definition={detail.data.definition}
              records={rows}
              viewMode="normal"
              optionsOf={optionsOf}
              onChange={ignore}
            />
          )}
        </>
      )}
      <ReasonModal
        title="退回填报"
        open={isRollingBack}
        onClose={() => setRollingBack(false)}
        onSubmit={async (reason) => {
          if (!fill) return false;
          const ok = await run(() => auditFill(fill.id, { decision: 'rollback', reason }), '已退回填报人');
          if (ok) onClose();
          return ok;
        }}
      />
    </Drawer>
  );
}

/** The list opens on 待审核; cleared, the address says `all` so the default does not come back. */
const AUDIT_FILTERS: FilterParsers<{ state: FillState | 'all'; keyword: string | undefined }> = {
  state: oneOf([...FILL_STATES, 'all']),
  keyword: textParam(),
};

/** 数据采集 › 填报审核: committed fill tasks of my departments (all, for a data manager) to pass or roll back. */
export default function AuditPage() {
  const [filters, setFilters] = useUrlFilters(AUDIT_FILTERS, { state: 'unaudited', keyword: undefined });
  const { keyword } = filters;
  const state = filters.state === 'all' ? undefined : filters.state;
  const paged = useFillTasks({ scope: 'audit', state, keyword }, true);
  const [shown, setShown] = useState<FillTask | null>(null);

  const columns: TableColumnsType<FillTask> = [
    { title: '表单', dataIndex: 'formName', ellipsis: true },
    { title: '采集任务', dataIndex: 'taskName', ellipsis: true },
    { title: '部门', dataIndex: 'departmentName', width: 140, ellipsis: true },
    { title: '填报人', dataIndex: 'fillerName', width: 100 },
    { title: '提交时间', dataIndex: 'committedAt', width: 170, render: (t: string | null) => t ?? '—' },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: FillState) => <FillStateTag state={s} /> },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, t) => (
        <Button type="link" size="small" onClick={() => setShown(t)}>
          {t.state === 'unaudited' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageCard title="填报审核">
      <StateFilteredList<FillTask, FillState>
        searchPlaceholder="请输入表单、采集任务或填报人"
        onSearch={(text) => setFilters({ keyword: text || undefined })}
        keyword={keyword}
        states={FILL_STATE_FILTER}
        state={state}
        onStateChange={(next) => setFilters({ state: next ?? 'all' })}
        columns={columns}
        paged={paged}
        emptyText={
          paged.list.error?.message ??
          (keyword
            ? '没有符合条件的填报'
            : '暂无需要审核的填报。部门负责人审核本部门的填报，数据管理员可审核全部。')
        }
      />
      <AuditDrawer fill={shown} onClose={() => setShown(null)} />
    </PageCard>
  );
}
