import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { CHARGER_IMPORT, annualEndpoints as E } from '@eduqa/contract';
import { Button, Result, Select } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ExcelImportModal } from '../../../../shared/excel/excel-import-modal.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../../shared/ui/paged-table.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { useDepartments } from '../../../org/index.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { annualKeys, type ChargerRow, saveDownload, useChargers } from '../api.ts';
import { chargerColumns } from '../components/charger-columns.tsx';
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

  const columns = chargerColumns({ isPublisher, act, onEdit: form.show });

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
          filters={chargerFilters({
            departmentId,
            targetTypeId,
            isPublisher,
            onDepartment: setDepartmentId,
            onTargetType: setTargetTypeId,
            onImport: () => setImporting(true),
            onExport: () => void saveDownload(E.chargerExport.path, '负责人.xlsx', filters),
            departments,
          })}
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

interface ChargerFiltersProps {
  departments: ReturnType<typeof useDepartments>;
  departmentId: string | undefined;
  targetTypeId: string | undefined;
  isPublisher: boolean;
  onDepartment: (id: string | undefined) => void;
  onTargetType: (id: string | undefined) => void;
  onImport: () => void;
  onExport: () => void;
}

/**
 * After the search box: department, target type, 导入 for publishers, and 导出 of what is filtered.
 * A fragment from a plain function, not a component: the table's filter `Space` then spaces each
 * control as its own item, as it did when they were written inline.
 */
function chargerFilters(p: ChargerFiltersProps) {
  const {
    departments,
    departmentId,
    targetTypeId,
    isPublisher,
    onDepartment,
    onTargetType,
    onImport,
    onExport,
  } = p;
  return (
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
        onChange={(next?: string) => onDepartment(next)}
        options={(departments.data?.rows ?? []).map((d) => ({
          value: d.departmentId,
          label: d.departmentName,
        }))}
      />
      <TargetTypeSelect width={160} value={targetTypeId ?? null} onChange={(next) => onTargetType(next)} />
      {isPublisher ? (
        <Button icon={<UploadOutlined />} onClick={onImport}>
          导入
        </Button>
      ) : null}
      <Button icon={<DownloadOutlined />} onClick={onExport}>
        导出
      </Button>
    </>
  );
}
