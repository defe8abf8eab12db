import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { CHARGER_IMPORT, annualEndpoints as E } from '@eduqa/contract';
import { Button, Result, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { useDepartments } from '../../../org/index.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, type ChargerRow, post, saveDownload, useChargers } from '../api.ts';
import { ChargerFormModal } from '../components/charger-form-modal.tsx';
import { TargetTypeSelect } from '../components/target-type-select.tsx';

/** 负责人: who answers for each target type in each department, with Excel import and export. */
export default function ChargersPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const [targetTypeId, setTargetTypeId] = useState<string | undefined>();
  const [isImporting, setImporting] = useState(false);
  const form = useDialog<ChargerRow>();
  const departments = useDepartments();
  const filters = {
    ...(keyword ? { keyword } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(targetTypeId ? { targetTypeId } : {}),
  };
  const { list, page } = useChargers(filters);

  const columns: TableColumnsType<ChargerRow> = [
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
                <Button type="link" size="small" onClick={() => form.show(c)}>
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

  return (
    <PageCard
      title="负责人"
      add={isPublisher ? { label: '新增负责人', onClick: () => form.show(null) } : undefined}
    >
      {list.isError ? (
        <Result status="error" title="加载失败" subTitle={list.error.message} />
      ) : (
        <PagedTable<ChargerRow>
          search={{
            placeholder: '请输入负责人、部门或类型',
            width: 260,
            onSearch: (value) => {
              setKeyword(value);
            },
          }}
          filters={
            <>
              <Select
                aria-label="部门"
                placeholder="请选择部门"
                allowClear
                style={{ width: 180 }}
                showSearch={{ optionFilterProp: 'label' }}
                loading={departments.isLoading}
                notFoundContent="暂无数据"
                value={departmentId}
                onChange={(next?: string) => {
                  setDepartmentId(next);
                }}
                options={(departments.data?.rows ?? []).map((d) => ({
                  value: d.departmentId,
                  label: d.departmentName,
                }))}
              />
              <TargetTypeSelect
                width={160}
                value={targetTypeId ?? null}
                onChange={(next) => {
                  setTargetTypeId(next);
                }}
              />
              {isPublisher ? (
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  导入
                </Button>
              ) : null}
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void saveDownload(E.chargerExport.path, '负责人.xlsx', filters)}
              >
                导出
              </Button>
            </>
          }
          rowKey="id"
          columns={columns}
          rows={list.data?.records ?? []}
          isLoading={list.isLoading || list.isFetching}
          serverPage={page}
        />
      )}
      <ChargerFormModal open={form.open} charger={form.target} onClose={form.hide} />
      <ExcelImportModal
        open={isImporting}
        onClose={() => setImporting(false)}
        endpoints={CHARGER_IMPORT}
        texts={{
          title: '导入负责人',
          noun: '负责人',
          success: (answer) => `已导入${answer.count}条负责人`,
          template: { text: '下载模板', fileName: '负责人导入模板.xlsx' },
          hint: '请使用模板填写，每个部门与目标类型一位负责人，已有的将被更新。',
        }}
        invalidates={[annualKeys.all, goalKeys.all]}
      />
    </PageCard>
  );
}
