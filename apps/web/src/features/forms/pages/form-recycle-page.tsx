import { FORM_TYPE_LABELS, type Form } from '@eduqa/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { RecycleBin, RestoreLink } from '../../../shared/ui/recycle-bin.tsx';
import { formsKeys, restoreForm, useFormRecycle } from '../api.ts';

const columns: TableColumnsType<Form> = [
  { title: '表单名称', dataIndex: 'name', ellipsis: true },
  { title: '目录', dataIndex: 'directoryName', ellipsis: true, render: (n: string) => n || '—' },
  { title: '类型', dataIndex: 'formType', width: 110, render: (t: Form['formType']) => FORM_TYPE_LABELS[t] },
];

/** 表单回收站: deleted forms with their data tables, restored whole. */
export function FormRecyclePage() {
  const [keyword, setKeyword] = useState('');
  const paged = useFormRecycle(keyword);
  const run = useAction(formsKeys.all);
  return (
    <RecycleBin<Form>
      title="表单回收站"
      backLabel="返回表单管理"
      searchPlaceholder="请输入表单名称"
      onSearch={setKeyword}
      columns={columns}
      deletedAt={(f) => f.deletedAt}
      actions={{
        width: 90,
        render: (f) => (
          <RestoreLink
            noun="表单"
            name={f.name}
            description="表单及其数据表将恢复。"
            onConfirm={() => run(() => restoreForm(f.id), '表单已恢复')}
          />
        ),
      }}
      paged={paged}
    />
  );
}
